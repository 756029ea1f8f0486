/**
 * @module contract/credentials — a project's credential as the credential routes answer it and
 * take it (spec 000 §3 "Credential"). Browser-safe: types only. The forms of the credential
 * types are node-format data: catalogue/credentials/.
 */

/** A credential as the API shows it: every secret value in `credentials` masked. */
export interface Credential {
  id: string;
  project_id: string;
  name: string;
  credential_type: string;
  marketplace_id: number | string | null;
  is_active: boolean;
  credentials: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
}

/** A new credential (`POST /api/projects/:projectId/credentials`). */
export interface CredentialInput {
  name: string;
  credential_type: string;
  marketplace_id?: number | string | null;
  is_active?: boolean;
  credentials: Record<string, unknown>;
}

/** A change (`PUT …/credentials/:credentialId`): masked values sent back keep the stored secret. */
export type CredentialPatch = Partial<CredentialInput>;

/**
 * A credential test (`POST /api/testCreds/:provider`, `provider` the credential type): the
 * project, and a saved credential's name and/or the form's fields (masked values, with a name,
 * stand for the saved secrets).
 */
export interface TestCredentialsRequest {
  payload: { projectId: string; name?: string; credentials?: Record<string, unknown> };
}

/** Its answer: did the service accept the credential; `message` holds the service's own words when not. Never a secret. */
export interface TestCredentialsAnswer {
  success: boolean;
  message: string;
}
