/**
 * @module catalogue/option-loader-list — every form dropdown's loader, by its
 * `loadOptionsMethod` name (catalogue/option-loaders.ts): those the nodes declare
 * (`defineNode(…, { loaders })`, gathered in nodes.ts), and one line a loader for the others. Server side.
 */
import { teamsGetChannels, teamsGetChats, teamsGetTeams } from './app/teams-node/loaders.ts';
import * as notesWorkspace from './app/notes-workspace-node/loaders.ts';
import * as tableDatabase from './app/table-database-node/loaders.ts';
import { googleDriveListFolders } from './data-source/google-drive-trigger-node/loaders.ts';
import { googleSheetsFirstRow, googleSheetsListSheets } from './data-source/google-sheets-trigger-node/loaders.ts';
import { s3ListBuckets } from './data-source/s3-trigger-node/loaders.ts';
import { onedriveDriveNames } from './data-source/onedrive-trigger-node/loaders.ts';
import { sharepointSiteUrls } from './data-source/sharepoint-trigger-node/loaders.ts';
import { automationWorkflows } from './interface/automation-trigger-node/loaders.ts';
import { nodeOptionLoaders } from './nodes.ts';
import type { OptionLoader } from './option-loaders.ts';

export const optionLoaders: Record<string, OptionLoader> = {
  automationWorkflows,
  teamsGetChats,
  teamsGetTeams,
  teamsGetChannels,
  tableDatabaseBases: tableDatabase.listBases,
  tableDatabaseTables: tableDatabase.listTables,
  tableDatabaseFields: tableDatabase.listFields,
  tableDatabaseRecords: tableDatabase.listRecords,
  notesWorkspacePages: notesWorkspace.listPages,
  notesWorkspaceDatabases: notesWorkspace.listDatabases,
  googleSheetsListSheets,
  googleSheetsFirstRow,
  googleDriveListFolders,
  s3ListBuckets,
  sharepointSiteUrls,
  onedriveDriveNames,
  ...nodeOptionLoaders,
};
