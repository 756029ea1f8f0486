/**
 * @module runtime/services/stores/credentials — a project's credentials (spec 000 §3 "Credential"):
 * `{prefix}credentials:{projectId}` (hash name → id) and `{prefix}credential:{projectId}:{id}`
 * (JSON; the credentials object encrypted as one blob). Both carry the hash tag `{projectId}`,
 * so the Lua scripts that touch both work on Redis Cluster. Reads answer masked values; only
 * `reveal` (server side, for executors) decrypts.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { ConflictError, NotFoundError, ValidationError } from '../domain-errors.ts';
import { decryptedValue, decryptWithAny, encrypt } from '../secrets/cipher.ts';
import { publicCredentialFields } from '../../../catalogue/credentials/index.ts';
import { containsMasked, maskCredentials, MaskedValueError, mergeMasked, isPlainObject } from '../secrets/mask.ts';
import type { SecretKeyring } from '../secrets/server-secret.ts';
import type { Credential, CredentialInput, CredentialPatch } from '../../../contract/credentials.ts';

const lua = (name: string) => readFileSync(join(import.meta.dirname, 'lua', name), 'utf8');
const saveLua = lua('save-credential-2.lua');
const deleteLua = lua('delete-credential-2.lua');
/** the key rotation's swap (runtime/services/secrets/rotate-credentials.ts), kept with the other credential scripts */
export const swapCredentialLua = lua('swap-credential-1.lua');

type SaveOutcome = 'ok' | 'stale' | 'missing' | 'exists';
interface CredentialCommands {
  weftSaveCredential(index: string, key: string, from: string, json: string, oldName: string, newName: string, id: string): Promise<SaveOutcome>;
  weftDeleteCredential(index: string, key: string, id: string, projectId: string): Promise<number>;
}

function withCommands(redis: Redis): Redis & CredentialCommands {
  const target = redis as Redis & Partial<CredentialCommands>;
  if (!target.weftSaveCredential) redis.defineCommand('weftSaveCredential', { numberOfKeys: 2, lua: saveLua });
  if (!target.weftDeleteCredential) redis.defineCommand('weftDeleteCredential', { numberOfKeys: 2, lua: deleteLua });
  return target as Redis & CredentialCommands;
}

/** What is stored at `{prefix}credential:{id}`. */
export interface StoredCredential extends Omit<Credential, 'credentials'> {
  /** hex of IV + salt + cipher text + tag (runtime/services/secrets/cipher.ts) of the credentials JSON */
  credentials: string;
  /**
   * The masked view, computed when the secrets were written, so listing needs no decryption.
   * It holds at most the last 2 characters of a secret longer than 8 — what the API shows.
   */
  masked: Record<string, unknown>;
}

/** A credential with its secrets, for executors. */
export type RevealedCredential = Credential;

export const credentialKey = (prefix: string, projectId: string, id: string) => `${prefix}credential:{${projectId}}:${id}`;
export const credentialIndexKey = (prefix: string, projectId: string) => `${prefix}credentials:{${projectId}}`;

export const credentialNotFound = (name: string) =>
  new NotFoundError(`Credential with name ${name} not found, please check the credential name and try again`);
const nameTaken = (name: string) => new ConflictError(`A credential named ${name} already exists in this project`);

/** compare-and-set rounds before an update under heavy contention gives up with 409 */
const SAVE_ATTEMPTS = 25;

export class CredentialStore {
  constructor(private readonly redis: Redis, private readonly prefix: string, private readonly keyring: SecretKeyring) {}

  private key(projectId: string, id: string) {
    return credentialKey(this.prefix, projectId, id);
  }

  private index(projectId: string) {
    return credentialIndexKey(this.prefix, projectId);
  }

  async create(projectId: string, input: CredentialInput): Promise<Credential> {
    const now = Date.now();
    const stored: StoredCredential = {
      id: `cred_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      project_id: projectId,
      name: input.name,
      credential_type: input.credential_type,
      marketplace_id: input.marketplace_id ?? null,
      is_active: input.is_active ?? true,
      ...(await this.seal(input.credentials, input.credential_type)),
      createdAt: now,
      updatedAt: now,
    };
    const outcome = await withCommands(this.redis).weftSaveCredential(this.index(projectId), this.key(projectId, stored.id), '', JSON.stringify(stored), '', stored.name, stored.id);
    if (outcome === 'exists') throw nameTaken(stored.name);
    if (outcome !== 'ok') throw new Error(`credential ${stored.id} could not be created (${outcome})`);
    return view(stored);
  }

  async list(projectId: string): Promise<Credential[]> {
    const ids = await this.redis.hvals(this.index(projectId));
    if (ids.length === 0) return [];
    const texts = await this.redis.mget(ids.map((id) => this.key(projectId, id)));
    return texts
      .filter((t): t is string => t !== null)
      .map((t) => JSON.parse(t) as StoredCredential)
      .filter((c) => c.project_id === projectId)
      .sort((a, b) => a.createdAt - b.createdAt || a.name.localeCompare(b.name))
      .map(view);
  }

  /** A credential of the project by id; null when there is none — or it is another project's. */
  async get(projectId: string, id: string): Promise<Credential | null> {
    const found = await this.read(projectId, id);
    return found && view(found.stored);
  }

  /** A credential of the project by name (masked), or the spec's not-found error. */
  async getByName(projectId: string, name: string): Promise<Credential> {
    return view((await this.readByName(projectId, name)).stored);
  }

  /** The credential named `name` with its secrets decrypted (server side only: never answer it over HTTP). */
  async reveal(projectId: string, name: string): Promise<RevealedCredential> {
    const { stored } = await this.readByName(projectId, name);
    return { ...view(stored), credentials: await this.open(stored) };
  }

  /**
   * Change fields of a credential. `credentials`, when sent, replaces the object; a value sent
   * back masked exactly as the API showed it keeps the stored secret there.
   */
  async update(projectId: string, id: string, patch: CredentialPatch): Promise<Credential> {
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const found = await this.read(projectId, id);
      if (!found) throw new NotFoundError('Credential not found');
      const { stored, text } = found;
      const next: StoredCredential = {
        ...stored,
        name: patch.name ?? stored.name,
        credential_type: patch.credential_type ?? stored.credential_type,
        marketplace_id: patch.marketplace_id === undefined ? stored.marketplace_id : patch.marketplace_id,
        is_active: patch.is_active ?? stored.is_active,
        ...(await this.resealed(patch, stored)),
        updatedAt: Math.max(Date.now(), stored.updatedAt + 1),
      };
      const outcome = await withCommands(this.redis).weftSaveCredential(this.index(projectId), this.key(projectId, id), text, JSON.stringify(next), stored.name, next.name, id);
      if (outcome === 'ok') return view(next);
      if (outcome === 'exists') throw nameTaken(next.name);
      if (outcome === 'missing') throw new NotFoundError('Credential not found');
    }
    throw new ConflictError('The credential is being changed by someone else right now; try again');
  }

  async delete(projectId: string, id: string): Promise<boolean> {
    return (await withCommands(this.redis).weftDeleteCredential(this.index(projectId), this.key(projectId, id), id, projectId)) === 1;
  }

  private async read(projectId: string, id: string): Promise<{ stored: StoredCredential; text: string } | null> {
    const text = await this.redis.get(this.key(projectId, id));
    if (!text) return null;
    const stored = JSON.parse(text) as StoredCredential;
    return stored.project_id === projectId ? { stored, text } : null;
  }

  private async readByName(projectId: string, name: string): Promise<{ stored: StoredCredential; text: string }> {
    const id = await this.redis.hget(this.index(projectId), name);
    const found = id ? await this.read(projectId, id) : null;
    if (!found || found.stored.name !== name) throw credentialNotFound(name);
    return found;
  }

  private async seal(credentials: Record<string, unknown>, type: string): Promise<Pick<StoredCredential, 'credentials' | 'masked'>> {
    return {
      credentials: await encrypt(JSON.stringify(credentials), this.keyring.current()),
      masked: maskCredentials(credentials, publicCredentialFields(type)),
    };
  }

  /** New secrets when the patch sends credentials; a new masked view when only the type changes. */
  private async resealed(patch: CredentialPatch, stored: StoredCredential): Promise<Partial<Pick<StoredCredential, 'credentials' | 'masked'>>> {
    const type = patch.credential_type ?? stored.credential_type;
    if (patch.credentials) return this.seal(await this.merged(patch.credentials, stored), type);
    if (type !== stored.credential_type) return this.seal(await this.open(stored), type);
    return {};
  }

  /**
   * The stored secrets: the current secret first, then the ones being rotated away from. A blob
   * holding plain text (or JSON that is not an object) is returned as the credential's one
   * field `secret` (spec 000 §3: credentials may carry a 'secret' field; 002 §8: decrypted text
   * that is not JSON is plain text).
   */
  private async open(stored: StoredCredential): Promise<Record<string, unknown>> {
    const { plain } = await decryptWithAny(stored.credentials, this.keyring.readable());
    const value = decryptedValue(plain);
    return isPlainObject(value) ? value : { secret: value };
  }

  private async merged(incoming: Record<string, unknown>, stored: StoredCredential): Promise<Record<string, unknown>> {
    // Decrypt only when needed: a form that sends every value anew works even on a blob the
    // server can no longer open (the way to repair a corrupted credential).
    const secrets = containsMasked(incoming) ? await this.open(stored) : {};
    try {
      return mergeMasked(incoming, secrets) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof MaskedValueError) throw new ValidationError(error.message);
      throw error;
    }
  }
}

function view(stored: StoredCredential): Credential {
  const { credentials: _blob, masked, ...rest } = stored;
  return { ...rest, credentials: masked };
}
