/**
 * @module catalogue/app/notes-workspace-node/requests — each action as the tool-execution
 * service's Notion tool and arguments (spec 002 §7: parent_block_id, content_block, block_id,
 * children, page_id, archive true, comment, title, properties, get_all, get_databases, get_pages,
 * page_size, query) with its failure text, and as the same request to the Notion API (`{notion}`
 * = https://api.notion.com/v1) for credentials that hold an integration token. Duplicating a
 * page has no single Notion API call: run.ts does it in three.
 */
import { userError } from '../../errors.ts';
import { parseJsonField } from '../tool-service/connection.ts';
import type { ProviderRequest } from '../tool-service/direct.ts';
import type { NotesAction } from './definition.ts';

export interface NotesValues {
  action?: NotesAction;
  pageId?: string;
  blockId?: string;
  content?: string;
  databaseId?: string;
  rowId?: string;
  propertyId?: string;
  title?: string;
  parent?: string;
  parentDatabase?: string;
  properties?: unknown;
  commentText?: string;
  commentId?: string;
  userId?: string;
  query?: string;
  queryFetchData?: string;
  getAll?: boolean;
  getDatabases?: boolean;
  getPages?: boolean;
}

export interface NotesRequest {
  tool: string;
  args: Record<string, unknown>;
  /** the spec's text for this action's failure */
  failure: string;
  /** the Notion API request; none for duplicate (run.ts) */
  direct?: ProviderRequest;
}

const seg = (value: string | undefined) => encodeURIComponent((value ?? '').trim());
const richText = (content: string) => [{ type: 'text', text: { content } }];
/** one paragraph block of the Notion API */
export const paragraph = (content: string) => ({ object: 'block', type: 'paragraph', paragraph: { rich_text: richText(content) } });
const defined = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const failed = (tool: string) => `Failed to execute ${tool}`;

/** spec 002 §3: content parsed as JSON when possible (a block or a list of blocks), else one paragraph */
export function contentOf(text: string): { blocks: unknown[] } | { block: Record<string, unknown> } | { text: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return { blocks: parsed };
    if (parsed && typeof parsed === 'object') return { block: parsed as Record<string, unknown> };
  } catch {
    // not JSON: a paragraph
  }
  return { text };
}

function addContent(v: NotesValues): NotesRequest {
  const target = (v.blockId?.trim() || v.pageId) ?? '';
  const content = contentOf(v.content ?? '');
  if ('blocks' in content) {
    return {
      tool: 'NOTION_APPEND_BLOCK_CHILDREN',
      args: { block_id: target, children: content.blocks },
      failure: 'Failed to append block children',
      direct: { method: 'PATCH', path: `/blocks/${seg(target)}/children`, body: { children: content.blocks } },
    };
  }
  const block = 'block' in content ? content.block : { content: content.text, block_property: 'paragraph' };
  const child = 'block' in content ? content.block : paragraph(content.text);
  return {
    tool: 'NOTION_ADD_PAGE_CONTENT',
    args: { parent_block_id: target, content_block: block },
    failure: 'Failed to add page content',
    direct: { method: 'PATCH', path: `/blocks/${seg(target)}/children`, body: { children: [child] } },
  };
}

/** Several blocks at once (spec 002 §8 'Failed to add multiple page content'): a JSON list, or one paragraph a line of text. */
function addMultipleContent(v: NotesValues): NotesRequest {
  const target = (v.blockId?.trim() || v.pageId) ?? '';
  const content = contentOf(v.content ?? '');
  const items: unknown[] =
    'blocks' in content ? content.blocks : 'block' in content ? [content.block] : content.text.split('\n').map((line) => line.trim()).filter(Boolean);
  return {
    tool: 'NOTION_ADD_MULTIPLE_PAGE_CONTENT',
    args: { parent_block_id: target, content_blocks: items.map((item) => (typeof item === 'string' ? { content: item, block_property: 'paragraph' } : item)) },
    failure: 'Failed to add multiple page content',
    direct: { method: 'PATCH', path: `/blocks/${seg(target)}/children`, body: { children: items.map(apiBlock) } },
  };
}

/** A line, a `{content, block_property}` block (the tool service's form) or a Notion API block, as a Notion API block. */
function apiBlock(item: unknown): unknown {
  if (typeof item === 'string') return paragraph(item);
  const block = item as { content?: unknown; block_property?: unknown; type?: unknown };
  if (item && typeof item === 'object' && typeof block.type !== 'string' && typeof block.block_property === 'string') {
    return { object: 'block', type: block.block_property, [block.block_property]: { rich_text: richText(String(block.content ?? '')) } };
  }
  return item;
}

/** A database under a page (spec 002 §8 'Failed to create database'); Notion needs a title column, Name when none is given. */
function createDatabase(v: NotesValues): NotesRequest {
  const parent = v.parent?.trim();
  if (!parent) throw userError('Parent page is required to create a database');
  const properties = v.properties === undefined ? undefined : parseJsonField(v.properties, 'Properties');
  return {
    tool: 'NOTION_CREATE_DATABASE',
    args: defined({ parent_id: parent, title: v.title ?? '', properties }),
    failure: 'Failed to create database',
    direct: { method: 'POST', path: '/databases', body: { parent: { type: 'page_id', page_id: parent }, title: richText(v.title ?? ''), properties: properties ?? { Name: { title: {} } } } },
  };
}

function createPage(v: NotesValues): NotesRequest {
  const properties = v.properties === undefined ? undefined : parseJsonField(v.properties, 'Properties');
  if (v.parentDatabase?.trim()) {
    const titled = properties ?? (v.title ? { title: { title: richText(v.title) } } : {});
    return {
      tool: 'NOTION_INSERT_ROW_DATABASE',
      args: defined({ database_id: v.parentDatabase.trim(), properties: titled, title: v.title }),
      failure: 'Failed to create page',
      direct: { method: 'POST', path: '/pages', body: { parent: { database_id: v.parentDatabase.trim() }, properties: titled } },
    };
  }
  if (!v.parent?.trim()) throw userError('Parent page or Parent database is required to create a page');
  return {
    tool: 'NOTION_CREATE_NOTION_PAGE',
    args: defined({ parent_id: v.parent.trim(), title: v.title ?? '', properties }),
    failure: 'Failed to create page',
    direct: { method: 'POST', path: '/pages', body: { parent: { page_id: v.parent.trim() }, properties: { title: { title: richText(v.title ?? '') } } } },
  };
}

function fetchDatabase(v: NotesValues): NotesRequest {
  const row = v.rowId?.trim();
  if (row && v.propertyId?.trim()) {
    const tool = 'NOTION_GET_PAGE_PROPERTY_ACTION';
    return { tool, args: { page_id: row, property_id: v.propertyId.trim() }, failure: failed(tool), direct: { method: 'GET', path: `/pages/${seg(row)}/properties/${seg(v.propertyId)}` } };
  }
  if (row) return { tool: 'NOTION_FETCH_ROW', args: { page_id: row }, failure: failed('NOTION_FETCH_ROW'), direct: { method: 'GET', path: `/pages/${seg(row)}` } };
  const tool = 'NOTION_FETCH_DATABASE';
  return { tool, args: { database_id: v.databaseId }, failure: failed(tool), direct: { method: 'GET', path: `/databases/${seg(v.databaseId)}` } };
}

function fetchData(v: NotesValues): NotesRequest {
  const only = v.getAll ? undefined : v.getDatabases && !v.getPages ? 'database' : !v.getDatabases && v.getPages ? 'page' : undefined;
  return {
    tool: 'NOTION_FETCH_DATA',
    args: defined({ get_all: v.getAll, get_databases: v.getDatabases, get_pages: v.getPages, page_size: 100, query: v.queryFetchData }),
    failure: 'Failed to fetch data',
    direct: { method: 'POST', path: '/search', body: defined({ query: v.queryFetchData, page_size: 100, filter: only ? { property: 'object', value: only } : undefined }) },
  };
}

export function notesRequest(v: NotesValues): NotesRequest {
  switch (v.action) {
    case 'addContentToPage':
      return addContent(v);
    case 'addMultiplePageContent':
      return addMultipleContent(v);
    case 'archivePage':
      return { tool: 'NOTION_ARCHIVE_NOTION_PAGE', args: { page_id: v.pageId, archive: true }, failure: 'Failed to archive page', direct: { method: 'PATCH', path: `/pages/${seg(v.pageId)}`, body: { archived: true } } };
    case 'createComment': {
      const discussion = v.commentId?.trim();
      const comment = { content: v.commentText };
      return {
        tool: 'NOTION_CREATE_COMMENT',
        args: discussion ? { discussion_id: discussion, comment } : { parent_page_id: v.pageId, comment },
        failure: 'Failed to create comment',
        direct: { method: 'POST', path: '/comments', body: { ...(discussion ? { discussion_id: discussion } : { parent: { page_id: v.pageId } }), rich_text: richText(v.commentText ?? '') } },
      };
    }
    case 'createDatabase':
      return createDatabase(v);
    case 'createPage':
      return createPage(v);
    case 'duplicatePage': {
      const tool = 'NOTION_DUPLICATE_PAGE';
      return { tool, args: defined({ page_id: v.pageId, parent_id: v.parent, title: v.title }), failure: failed(tool) };
    }
    case 'fetchData':
      return fetchData(v);
    case 'fetchDatabase':
      return fetchDatabase(v);
    case 'getAboutMe':
      return { tool: 'NOTION_GET_ABOUT_ME', args: {}, failure: failed('NOTION_GET_ABOUT_ME'), direct: { method: 'GET', path: '/users/me' } };
    case 'listUsers': {
      const user = v.userId?.trim();
      if (user) return { tool: 'NOTION_GET_ABOUT_USER', args: { user_id: user }, failure: failed('NOTION_GET_ABOUT_USER'), direct: { method: 'GET', path: `/users/${seg(user)}` } };
      return { tool: 'NOTION_LIST_USERS', args: { page_size: 100 }, failure: failed('NOTION_LIST_USERS'), direct: { method: 'GET', path: '/users?page_size=100' } };
    }
    case 'queryDatabase': {
      const tool = 'NOTION_QUERY_DATABASE';
      return { tool, args: { database_id: v.databaseId, page_size: 100 }, failure: failed(tool), direct: { method: 'POST', path: `/databases/${seg(v.databaseId)}/query`, body: { page_size: 100 } } };
    }
    case 'searchPage': {
      const tool = 'NOTION_SEARCH_NOTION_PAGE';
      return { tool, args: defined({ query: v.query ?? '' }), failure: failed(tool), direct: { method: 'POST', path: '/search', body: { query: v.query ?? '', filter: { property: 'object', value: 'page' } } } };
    }
    default:
      throw userError(`Unknown action: ${String(v.action)}`);
  }
}
