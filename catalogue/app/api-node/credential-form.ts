/**
 * @module catalogue/app/api-node/credential-form — the API Request node's HTTP header credential
 * form (weft's own type), pure data the editor renders; credentials/basic-forms.ts lists it with
 * the others. Browser-safe.
 */
import type { CredentialForm } from '../../credentials/types.ts';

export const httpHeaderCredentialForm: CredentialForm = {
  // weft's own (the spec shows no type for it): the API Request node's credential
  type: 'httpHeader',
  label: 'HTTP header (API Request)',
  description: 'A header the API Request node adds to its request, e.g. Authorization: Bearer <token>. The value never appears in run outputs, events or logs.',
  authType: 'basic',
  fields: [
    { name: 'headerName', label: 'Header name', type: 'text', required: true, defaultValue: 'Authorization' },
    { name: 'headerValue', label: 'Header value', type: 'text', required: true, isPrivate: true, placeholder: 'Bearer …' },
  ],
};
