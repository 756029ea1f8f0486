/**
 * @module catalogue/data-source/onedrive-trigger-node/credential-form — the node's OAuth credential form, pure data;
 * credentials/oauth-forms.ts lists it with the others. Browser-safe.
 */
import { tenantOauth } from '../../credentials/oauth-fields.ts';
import type { CredentialForm } from '../../credentials/types.ts';

export const onedriveOauthCredentialForm: CredentialForm = tenantOauth('onedriveOauth', 'OneDrive Business (OAuth)', 4, 'Reads the drives of the connected tenant.');
