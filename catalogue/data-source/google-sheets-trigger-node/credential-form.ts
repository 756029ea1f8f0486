/**
 * @module catalogue/data-source/google-sheets-trigger-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. Browser-safe.
 */
import { oauth } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const googleSheetsOauthCredentialForm: CredentialForm = oauth('googleSheetsOauth', 'Spreadsheet (Google Sheets OAuth)', 3, 'Reads the sheets of the connected account.');
