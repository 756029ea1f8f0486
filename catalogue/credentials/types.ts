/**
 * @module catalogue/credentials/types — the credential-form format: each credential type the
 * spec lists (spec 002 §1 "Credential types offered", 001 §3 "Credential forms", 002 §3) as
 * pure data the editor renders the way it renders node forms. Browser-safe.
 */
import type { InputField } from '../types.ts';

/**
 * One field of a credential's `credentials` object. `isPrivate` marks a secret (a password
 * input; the API shows it masked); every field not marked private is shown as stored.
 */
export interface CredentialField extends InputField {
  /** filled by the server (an OAuth flow, the integration's settings), not typed by the user */
  hidden?: boolean;
}

export type CredentialAuthType = 'oauth' | 'basic';

export interface CredentialForm {
  /** the record's `credential_type` */
  type: string;
  label: string;
  description: string;
  authType: CredentialAuthType;
  /** the record's `marketplace_id` for this type, when the spec gives one */
  marketplaceId?: number;
  /** the Credential Name a new credential of this type starts with */
  defaultName?: string;
  /** restricted to paid plans (spec 000 §6, 001 §1, 002 §1) */
  isPro?: boolean;
  /** POST /api/testCreds/{type} can tell whether one works (spec 002 §2); the form offers a Test button */
  testable?: boolean;
  /**
   * The fields of the `credentials` object. Every form also asks the credential's name
   * (the record's `name`, unique in the project), which is not part of this list.
   */
  fields: CredentialField[];
}
