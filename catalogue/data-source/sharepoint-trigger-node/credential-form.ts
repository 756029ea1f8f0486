/**
 * @module catalogue/data-source/sharepoint-trigger-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. Browser-safe.
 */
import { tenantOauth } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const sharepointOauthCredentialForm: CredentialForm = tenantOauth('sharepointOauth', 'SharePoint Business (OAuth)', 10, 'Reads the sites and document libraries of the connected tenant.');
