/**
 * @module catalogue/credentials/oauth-forms — OAuth credential types (spec 002 §1: "OAuth
 * (pro): team chat, cloud drive, mail, table database, spreadsheet, notes workspace"; "Pro:
 * OneDrive, SharePoint, team messaging service"). A form one node owns (with its trigger) is in
 * that node's folder; the Google Drive one, which the drive trigger and Cloud Drive Read share,
 * is here. Their shared parts are oauth-fields.ts.
 */
import { slackOauthCredentialForm } from '../app/slack-node/credential-form.ts';
import { googleSheetsOauthCredentialForm } from '../data-source/google-sheets-trigger-node/credential-form.ts';
import { mailOauthCredentialForm } from '../app/mail-node/credential-form.ts';
import { tableDatabaseOauthCredentialForm } from '../app/table-database-node/credential-form.ts';
import { notesWorkspaceOauthCredentialForm } from '../app/notes-workspace-node/credential-form.ts';
import { onedriveOauthCredentialForm } from '../data-source/onedrive-trigger-node/credential-form.ts';
import { sharepointOauthCredentialForm } from '../data-source/sharepoint-trigger-node/credential-form.ts';
import { teamsOauthCredentialForm } from '../app/teams-node/credential-form.ts';
import { oauth } from './oauth-fields.ts';
import type { CredentialForm } from './types.ts';

export const oauthForms: CredentialForm[] = [
  slackOauthCredentialForm,
  oauth('googleDriveOauth', 'Cloud drive (Google Drive OAuth)', 2, 'Reads folders and files of the connected drive.'),
  googleSheetsOauthCredentialForm,
  mailOauthCredentialForm,
  tableDatabaseOauthCredentialForm,
  notesWorkspaceOauthCredentialForm,
  onedriveOauthCredentialForm,
  sharepointOauthCredentialForm,
  teamsOauthCredentialForm,
];
