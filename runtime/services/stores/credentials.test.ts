import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, DomainError, type Answer } from '../domain-errors.ts';
import { CORRUPTED, decrypt, encrypt, SecretError } from '../secrets/cipher.ts';
import { credentialAccess } from '../secrets/credential-access.ts';
import { staticKeyring } from '../secrets/server-secret.ts';
import { credentialIndexKey, credentialKey, CredentialStore } from './credentials.ts';

let redis: Redis;
let store: CredentialStore;
const prefix = `weft-test-${randomUUID()}:`;
const secret = 'credential store test secret';
const password = 'correct horse battery staple';

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
  store = new CredentialStore(redis, prefix, staticKeyring(secret));
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const postgres = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  credential_type: 'postgres',
  marketplace_id: 212,
  credentials: { host: 'db.example.com', port: 5432, dbName: 'shop', username: 'app', password, sslMode: 'disable', ...extra },
});

async function refusal(promise: Promise<unknown>): Promise<Answer> {
  const error = await promise.then(() => null, (e: unknown) => e);
  // stores throw domain errors; the answer the HTTP layer maps them to is what callers see
  expect(error).toBeInstanceOf(DomainError);
  return answerOf(error)!;
}

describe('CredentialStore', () => {
  it('stores the credentials encrypted under the documented keys and answers them masked', async () => {
    const created = await store.create('proj_a', postgres('warehouse'));
    expect(created).toEqual({
      id: expect.stringMatching(/^cred_[0-9a-f]{16}$/),
      project_id: 'proj_a',
      name: 'warehouse',
      credential_type: 'postgres',
      marketplace_id: 212,
      is_active: true,
      credentials: { host: 'db.example.com', port: 5432, dbName: 'shop', username: 'app', password: '••••aple', sslMode: 'disable' },
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    });
    expect(await redis.hget(credentialIndexKey(prefix, 'proj_a'), 'warehouse')).toBe(created.id);
    const raw = (await redis.get(credentialKey(prefix, 'proj_a', created.id)))!;
    expect(raw).not.toContain(password);
    const stored = JSON.parse(raw) as { credentials: string };
    expect(stored.credentials).toMatch(/^[0-9a-f]+$/);
    expect(JSON.parse(await decrypt(stored.credentials, secret))).toMatchObject({ password });
    expect(await store.list('proj_a')).toEqual([created]);
    expect(await store.get('proj_a', created.id)).toEqual(created);
    expect(await store.getByName('proj_a', 'warehouse')).toEqual(created);
  });

  it('finds credentials by name within their project only', async () => {
    const created = await store.create('proj_b', postgres('db'));
    expect(await store.get('proj_other', created.id)).toBeNull();
    const missing = await refusal(store.getByName('proj_other', 'db'));
    expect([missing.status, missing.message]).toEqual([404, 'Credential with name db not found, please check the credential name and try again']);
    expect((await store.reveal('proj_b', 'db')).credentials).toMatchObject({ password });
    expect(await store.delete('proj_other', created.id)).toBe(false);
  });

  it('keeps names unique in a project (409) but not across projects', async () => {
    await store.create('proj_c', postgres('same'));
    await store.create('proj_d', postgres('same'));
    const taken = await refusal(store.create('proj_c', postgres('same')));
    expect([taken.status, taken.message]).toEqual([409, 'A credential named same already exists in this project']);
    const other = await store.create('proj_c', postgres('other'));
    expect((await refusal(store.update('proj_c', other.id, { name: 'same' }))).status).toBe(409);
  });

  it('updates: rename frees the old name; masked values sent back keep the stored secrets', async () => {
    const created = await store.create('proj_e', postgres('before'));
    const renamed = await store.update('proj_e', created.id, { name: 'after', is_active: false });
    expect(renamed).toMatchObject({ name: 'after', is_active: false });
    expect(renamed.updatedAt).toBeGreaterThan(created.updatedAt);
    expect(await redis.hgetall(credentialIndexKey(prefix, 'proj_e'))).toEqual({ after: created.id });
    const sentBack = await store.update('proj_e', created.id, { credentials: { ...renamed.credentials, username: 'admin' } });
    expect(sentBack.credentials).toMatchObject({ username: 'admin', password: '••••aple' });
    expect((await store.reveal('proj_e', 'after')).credentials).toMatchObject({ username: 'admin', password });
    const wrongMask = await refusal(store.update('proj_e', created.id, { credentials: { password: '••••nope' } }));
    expect([wrongMask.status, wrongMask.message]).toEqual([400, "credentials.password holds a masked value ('••••…') but no stored secret there matches it: send the real value"]);
  });

  it('re-masks when only the type changes (a field public for one type may be secret for another)', async () => {
    const created = await store.create('proj_f', { name: 'x', credential_type: 'crawlService', credentials: { apiKey: 'k', hostUrl: 'https://crawl.example.com' } });
    expect(created.credentials.hostUrl).toBe('https://crawl.example.com');
    const changed = await store.update('proj_f', created.id, { credential_type: 'webSearch' });
    expect(changed.credentials).toEqual({ apiKey: '••••', hostUrl: '••••.com' });
  });

  it('lets concurrent updates all land (compare-and-set, retried)', async () => {
    const created = await store.create('proj_g', postgres('busy'));
    await Promise.all([
      store.update('proj_g', created.id, { is_active: false }),
      store.update('proj_g', created.id, { marketplace_id: 7 }),
      store.update('proj_g', created.id, { credentials: { ...created.credentials, dbName: 'next' } }),
    ]);
    const after = (await store.get('proj_g', created.id))!;
    expect(after).toMatchObject({ is_active: false, marketplace_id: 7, credentials: { dbName: 'next', password: '••••aple' } });
  });

  it('deletes a credential and its name', async () => {
    const created = await store.create('proj_h', postgres('gone'));
    expect(await store.delete('proj_h', created.id)).toBe(true);
    expect(await store.get('proj_h', created.id)).toBeNull();
    expect(await redis.hlen(credentialIndexKey(prefix, 'proj_h'))).toBe(0);
    expect(await store.delete('proj_h', created.id)).toBe(false);
  });
});

describe('credentialAccess (ctx.credentials)', () => {
  it('gives an executor the decrypted fields of an active credential of its own project', async () => {
    await store.create('proj_i', postgres('main'));
    expect(await credentialAccess(store, 'proj_i').get('main')).toMatchObject({ password, host: 'db.example.com' });
  });

  it("answers 'No credentials found for {name}' for a missing, inactive or other project's credential", async () => {
    const created = await store.create('proj_j', postgres('off'));
    await store.update('proj_j', created.id, { is_active: false });
    await store.create('proj_k', postgres('theirs'));
    const access = credentialAccess(store, 'proj_j');
    await expect(access.get('off')).rejects.toThrow(/^No credentials found for off$/);
    await expect(access.get('theirs')).rejects.toThrow(/^No credentials found for theirs$/);
    await expect(access.get('nothing')).rejects.toThrow(/^No credentials found for nothing$/);
    await expect(access.get('')).rejects.toThrow('No credentials provided');
  });

  it('fails a tampered credential with the spec’s text, never its contents', async () => {
    const created = await store.create('proj_l', postgres('tampered'));
    const key = credentialKey(prefix, 'proj_l', created.id);
    const stored = JSON.parse((await redis.get(key))!);
    const bytes = Buffer.from(stored.credentials, 'hex');
    bytes[40] ^= 0x80;
    await redis.set(key, JSON.stringify({ ...stored, credentials: bytes.toString('hex') }));
    const error = await credentialAccess(store, 'proj_l').get('tampered').then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(SecretError);
    expect((error as Error).message).toBe(CORRUPTED);
    // a server with another secret cannot open it either
    const stranger = new CredentialStore(redis, prefix, staticKeyring('some other secret entirely'));
    await store.create('proj_m', postgres('fine'));
    await expect(credentialAccess(stranger, 'proj_m').get('fine')).rejects.toThrow(CORRUPTED);
  });
  it('answers decrypted text that is not JSON as plain text: the secret field of the credential (spec 002 §8)', async () => {
    const created = await store.create('proj_n', postgres('not-json'));
    const key = credentialKey(prefix, 'proj_n', created.id);
    const stored = JSON.parse((await redis.get(key))!);
    await redis.set(key, JSON.stringify({ ...stored, credentials: await encrypt('not json at all', secret) }));
    expect(await credentialAccess(store, 'proj_n').get('not-json')).toEqual({ secret: 'not json at all' });
    await redis.set(key, JSON.stringify({ ...stored, credentials: await encrypt('[1, 2]', secret) }));
    expect(await credentialAccess(store, 'proj_n').get('not-json')).toEqual({ secret: [1, 2] });
  });
});
