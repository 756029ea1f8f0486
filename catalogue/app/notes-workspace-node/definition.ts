/** @module catalogue/app/notes-workspace-node/definition — the notes workspace node (spec 002 §3 "Notes workspace node", id 16). */
import type { NodeDefinition } from '../../types.ts';

export const NOTES_ACTIONS = [
  { label: 'Add content to page', value: 'addContentToPage' },
  { label: 'Add multiple page content', value: 'addMultiplePageContent' },
  { label: 'Archive page', value: 'archivePage' },
  { label: 'Create comment', value: 'createComment' },
  { label: 'Create database', value: 'createDatabase' },
  { label: 'Create page', value: 'createPage' },
  { label: 'Duplicate page', value: 'duplicatePage' },
  { label: 'Fetch data', value: 'fetchData' },
  { label: 'Fetch database', value: 'fetchDatabase' },
  { label: 'Get about me', value: 'getAboutMe' },
  { label: 'List users', value: 'listUsers' },
  { label: 'Query database', value: 'queryDatabase' },
  { label: 'Search page', value: 'searchPage' },
] as const;

export type NotesAction = (typeof NOTES_ACTIONS)[number]['value'];

const on = (...actions: NotesAction[]) => ({ actionField: 'action', actionValue: actions });

export const definition = {
  name: 'notesWorkspaceNode',
  label: 'Notes workspace',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/notesWorkspaceNode',
  sideEffects: 'app',
  description:
    'Reads and writes pages, databases, comments and users of the notes workspace (Notion) a "Notes workspace" ' +
    'credential connects: through the tool-execution service, or straight at the Notion API when the credential ' +
    'holds an integration token. Content is parsed as JSON blocks when it is JSON, else added as one paragraph.',
  isIntegration: true,
  integrationId: 16,
  authTypes: ['oauth'],
  inputs: [
    { name: 'nodeName', label: 'Node name', type: 'text', defaultValue: 'Notes workspace' },
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'The name of a "Notes workspace" credential of the project.' },
    { name: 'action', label: 'Action', type: 'select', required: true, defaultValue: 'searchPage', values: NOTES_ACTIONS },
    { name: 'pageId', label: 'Page', type: 'template', required: true, loadOptionsMethod: 'notesWorkspacePages', ...on('addContentToPage', 'addMultiplePageContent', 'archivePage', 'createComment', 'duplicatePage') },
    { name: 'blockId', label: 'Block', type: 'template', description: 'Add the content under this block instead of at the end of the page.', ...on('addContentToPage', 'addMultiplePageContent') },
    {
      name: 'content',
      label: 'Content',
      type: 'textarea',
      required: true,
      description: 'Text (one paragraph; with Add multiple page content, one paragraph a line), a JSON block, or a JSON list of blocks.',
      ...on('addContentToPage', 'addMultiplePageContent'),
    },
    { name: 'databaseId', label: 'Database', type: 'template', required: true, loadOptionsMethod: 'notesWorkspaceDatabases', ...on('fetchDatabase', 'queryDatabase') },
    { name: 'rowId', label: 'Row', type: 'template', description: 'Fetch this row (page) of the database instead of the database.', ...on('fetchDatabase') },
    { name: 'propertyId', label: 'Property', type: 'template', description: 'With a row: fetch only this property of it.', ...on('fetchDatabase') },
    { name: 'title', label: 'Title', type: 'template', ...on('createDatabase', 'createPage', 'duplicatePage') },
    { name: 'parent', label: 'Parent page', type: 'template', loadOptionsMethod: 'notesWorkspacePages', description: 'The page the new page or database goes under.', ...on('createDatabase', 'createPage', 'duplicatePage') },
    { name: 'parentDatabase', label: 'Parent database', type: 'template', loadOptionsMethod: 'notesWorkspaceDatabases', description: 'Create the page as a row of this database instead.', ...on('createPage') },
    {
      name: 'properties',
      label: 'Properties',
      type: 'json',
      description: "As JSON, in the workspace's property format: the row's values (Create page), or the database's columns (Create database; default one title column, Name).",
      ...on('createDatabase', 'createPage'),
    },
    { name: 'commentText', label: 'Comment', type: 'template', required: true, ...on('createComment') },
    { name: 'commentId', label: 'Discussion', type: 'template', description: 'Reply in this discussion instead of starting a new one.', ...on('createComment') },
    { name: 'userId', label: 'User', type: 'template', description: 'Only this user.', ...on('listUsers') },
    { name: 'query', label: 'Query', type: 'template', ...on('searchPage') },
    { name: 'queryFetchData', label: 'Query', type: 'template', ...on('fetchData') },
    { name: 'getAll', label: 'Pages and databases', type: 'boolean', defaultValue: false, ...on('fetchData') },
    { name: 'getDatabases', label: 'Databases', type: 'boolean', defaultValue: false, ...on('fetchData') },
    { name: 'getPages', label: 'Pages', type: 'boolean', defaultValue: true, ...on('fetchData') },
  ],
  outputs: [
    { name: 'data', type: 'any', description: "the service's answer" },
    { name: 'successful', type: 'boolean' },
  ],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['notion', 'notes', 'pages', 'wiki', 'docs', 'database'] },
} as const satisfies NodeDefinition;
