/**
 * @module runtime/services/secrets/credential-access — what a node's executor gets as
 * `ctx.credentials`: the decrypted fields of a credential of its own project, by name.
 */
import { publicCredentialFields } from '../../../catalogue/credentials/index.ts';
import { userError } from '../../../catalogue/errors.ts';
import type { CredentialReader } from '../../../catalogue/types.ts';
import { NotFoundError } from '../domain-errors.ts';
import type { CredentialStore, RevealedCredential } from '../stores/credentials.ts';
import { secretValuesOf } from '../../../catalogue/secrets/redact.ts';

type Reader = Pick<CredentialStore, 'getByName' | 'reveal'>;

/**
 * Credentials of `projectId` only: an executor can never name another project's. 'No
 * credentials provided' without a name; 'No credentials found for {name}' when the project has
 * none by that name or it is inactive; decryption errors ('Corrupted or invalid credential…',
 * 'Unable to decrypt secrets', 'Missing credentials key') are re-thrown as they are. No error
 * text ever holds a secret. OAuth credentials answer a fresh `access_token` ('No refresh token
 * available', 'Failed to refresh token' when it cannot be had).
 */
export function credentialAccess(
  store: Reader,
  projectId: string,
  /** told the secret values of each credential read (the node runner redacts them from what the node hands back) */
  onReveal?: (secrets: string[]) => void,
  /** the secrets to hand out: an OAuth credential's with an access token refreshed when it is about to expire (runtime/integrations/oauth/refresh.ts) */
  fresh: (credential: RevealedCredential) => Promise<Record<string, unknown>> = async (credential) => credential.credentials,
): CredentialReader {
  // spec 002 §5: the flow names a credential the project lacks, the builder's to mend (not retried)
  const missing = (name: string) => userError(`No credentials found for ${name}`);
  const orMissing = (name: string) => (error: unknown) => {
    throw error instanceof NotFoundError ? missing(name) : error;
  };
  return {
    async get(name) {
      if (typeof name !== 'string' || name.trim() === '') throw new Error('No credentials provided');
      // the masked read first: an inactive credential is refused without being decrypted
      const found = await store.getByName(projectId, name).catch(orMissing(name));
      if (!found.is_active) throw missing(name);
      const revealed = await store.reveal(projectId, name).catch(orMissing(name));
      if (!revealed.is_active) throw missing(name); // deactivated between the two reads
      const secrets = await fresh(revealed);
      onReveal?.(secretValuesOf(secrets, publicCredentialFields(revealed.credential_type)));
      return secrets;
    },
  };
}
