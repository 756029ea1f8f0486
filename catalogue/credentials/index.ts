/**
 * @module catalogue/credentials — every credential form (browser-safe data), served at
 * `GET /api/catalogue/credentials`, and the lookups the runtime needs: the form of a
 * credential_type and the fields of it that may be shown unmasked.
 */
import { basicForms } from './basic-forms.ts';
import { oauthForms } from './oauth-forms.ts';
import type { CredentialForm } from './types.ts';

export type { CredentialAuthType, CredentialField, CredentialForm } from './types.ts';

export const credentialForms: readonly CredentialForm[] = [...oauthForms, ...basicForms];

const byType = new Map(credentialForms.map((form) => [form.type, form]));

export function credentialFormOf(type: string): CredentialForm | undefined {
  return byType.get(type);
}

/**
 * The fields of `type` that are shown as stored: the form's fields not marked private. An
 * unknown type, and any field a form does not list (e.g. an OAuth token), has none — masked.
 */
export function publicCredentialFields(type: string): ReadonlySet<string> {
  return new Set((byType.get(type)?.fields ?? []).filter((field) => !field.isPrivate).map((field) => field.name));
}
