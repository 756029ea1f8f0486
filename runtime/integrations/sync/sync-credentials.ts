/**
 * @module runtime/integrations/sync/sync-credentials — the credential a data-source node names, in clear
 * (OAuth types with a fresh access token), for a reader's `check` and `read`. Only engines and
 * the sync worker call it; nothing it returns is stored or answered.
 */
import { userError } from '../../../catalogue/errors.ts';
import { NotFoundError } from '../../services/domain-errors.ts';
import type { CredentialStore, RevealedCredential } from '../../services/stores/credentials.ts';
import { SYNC_TEXTS } from './errors.ts';

export interface SyncCredentialDeps {
  credentials: Pick<CredentialStore, 'reveal'>;
  /** the credential's fields with a fresh access token (runtime/integrations/oauth/refresh.ts); default: as stored */
  fresh?: (credential: RevealedCredential) => Promise<Record<string, unknown>>;
}

export type SyncCredentials = (projectId: string, name: string) => Promise<{ id: string | null; fields: Record<string, unknown> }>;

/** A node without a credential gets none; a named one that is missing, inactive or empty: 'No credentials found for {name}' (a user error). */
export function syncCredentials(deps: SyncCredentialDeps): SyncCredentials {
  return async (projectId, name) => {
    if (!name) return { id: null, fields: {} };
    const found = await deps.credentials.reveal(projectId, name).catch((error: unknown) => {
      throw error instanceof NotFoundError ? userError(SYNC_TEXTS.noCredentials(name)) : error;
    });
    if (!found.is_active || Object.keys(found.credentials ?? {}).length === 0) throw userError(SYNC_TEXTS.noCredentials(name));
    return { id: found.id, fields: deps.fresh ? await deps.fresh(found) : found.credentials };
  };
}
