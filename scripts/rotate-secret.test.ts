/**
 * `npm run rotate-secret`: every credential ends up under a new server secret, nothing is lost,
 * and a rotation killed half-way (SIGKILL of the real command) finishes when run again — while
 * a server keeps reading every credential throughout.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRUPTED, decrypt } from '../runtime/services/secrets/cipher.ts';
import { rotateCredentials, rotationKey } from '../runtime/services/secrets/rotate-credentials.ts';
import { fileKeyring, loadServerSecret, staticKeyring } from '../runtime/services/secrets/server-secret.ts';
import { credentialKey, CredentialStore } from '../runtime/services/stores/credentials.ts';
import { main, parseArgs } from './rotate-secret.ts';

let redis: Redis;
const dirs: string[] = [];
const prefixes: string[] = [];

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function fresh(): { prefix: string; dataDir: string; env: NodeJS.ProcessEnv } {
  const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
  const dataDir = mkdtempSync(join(tmpdir(), 'weft-rotate-'));
  prefixes.push(prefix);
  dirs.push(dataDir);
  // file mode: no WEFT_SECRET
  const env: NodeJS.ProcessEnv = { REDIS_URL: process.env.REDIS_URL, WEFT_DATA_DIR: dataDir, WEFT_PREFIX: prefix, WEFT_ROTATE_SETTLE_MS: '0', PATH: process.env.PATH };
  return { prefix, dataDir, env };
}

/** `count` credentials in two projects; answers what each must still hold afterwards. */
async function seed(store: CredentialStore, count: number): Promise<Map<string, Record<string, unknown>>> {
  const expected = new Map<string, Record<string, unknown>>();
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const projectId = i % 2 ? 'proj_odd' : 'proj_even';
      const credentials = { apiKey: `key-${i}-${randomBytes(8).toString('hex')}`, hostUrl: `https://svc${i}.example.com` };
      await store.create(projectId, { name: `cred-${i}`, credential_type: 'crawlService', credentials });
      expected.set(`${projectId}/cred-${i}`, credentials);
    }),
  );
  return expected;
}

async function expectAllReadable(store: CredentialStore, expected: Map<string, Record<string, unknown>>): Promise<void> {
  for (const [ref, credentials] of expected) {
    const [projectId, name] = ref.split('/');
    expect((await store.reveal(projectId, name)).credentials, ref).toEqual(credentials);
  }
}

async function blobs(prefix: string): Promise<string[]> {
  const keys = await redis.keys(`${prefix}credential:*`);
  return Promise.all(keys.map(async (k) => (JSON.parse((await redis.get(k))!) as { credentials: string }).credentials));
}

const opens = (blob: string, secret: string) => decrypt(blob, secret).then(() => true, () => false);

describe('rotateCredentials', () => {
  it('re-encrypts under the new secret in runs stopped by --limit, then resumes; nothing lost', async () => {
    const { prefix } = fresh();
    const old = 'the old secret, long enough';
    const next = 'the new secret, long enough';
    const expected = await seed(new CredentialStore(redis, prefix, staticKeyring(old)), 12);
    const first = await rotateCredentials({ redis, prefix, newSecret: next, oldSecrets: [old], limit: 5 });
    expect(first).toMatchObject({ status: 'partial', rotated: 5, resumed: false, failed: [] });
    expect(await redis.hget(rotationKey(prefix), 'status')).toBe('running');
    const second = await rotateCredentials({ redis, prefix, newSecret: next, oldSecrets: [old] });
    expect(second).toMatchObject({ status: 'done', rotated: 7, doneBefore: 5, resumed: true, failed: [] });
    expect(await redis.hgetall(rotationKey(prefix))).toMatchObject({ status: 'done', total: '12' });
    for (const blob of await blobs(prefix)) {
      expect(await opens(blob, next)).toBe(true);
      expect(await opens(blob, old)).toBe(false);
    }
    await expectAllReadable(new CredentialStore(redis, prefix, staticKeyring(next)), expected);
    // run again: everything is already under the new secret
    expect(await rotateCredentials({ redis, prefix, newSecret: next, oldSecrets: [old] })).toMatchObject({ status: 'done', rotated: 0, alreadyNew: 12 });
  });

  it('reports a credential no secret opens and leaves it as it was', async () => {
    const { prefix } = fresh();
    await seed(new CredentialStore(redis, prefix, staticKeyring('the old secret, long enough')), 2);
    const stranger = new CredentialStore(redis, prefix, staticKeyring('a secret nobody has any more'));
    const lost = await stranger.create('proj_x', { name: 'orphan', credential_type: 'webSearch', credentials: { apiKey: 'k' } });
    const before = await redis.get(credentialKey(prefix, 'proj_x', lost.id));
    const report = await rotateCredentials({ redis, prefix, newSecret: 'the new secret, long enough', oldSecrets: ['the old secret, long enough'] });
    expect(report.status).toBe('failed');
    expect(report.failed).toEqual([{ project_id: 'proj_x', id: lost.id, name: 'orphan', error: CORRUPTED }]);
    expect(report.rotated).toBe(2);
    expect(await redis.get(credentialKey(prefix, 'proj_x', lost.id))).toBe(before);
  });
});

describe('npm run rotate-secret', () => {
  it('checks its arguments', () => {
    expect(parseArgs([], { WEFT_PREFIX: 'x:' })).toEqual({ prefix: 'x:', limit: undefined });
    expect(parseArgs(['--limit', '3'], {})).toEqual({ prefix: 'weft:', limit: 3 });
    expect(() => parseArgs(['--limit', '0'], {})).toThrow('--limit must be a whole number of at least 1');
    expect(() => parseArgs(['--what'], {})).toThrow('unknown argument --what');
  });

  it('with WEFT_SECRET, asks for WEFT_PREVIOUS_SECRET and then rotates from it', async () => {
    const { prefix, env } = fresh();
    const old = randomBytes(32).toString('hex');
    const next = randomBytes(32).toString('hex');
    const expected = await seed(new CredentialStore(redis, prefix, staticKeyring(old)), 3);
    await expect(main([], { ...env, WEFT_SECRET: next }, () => {})).rejects.toThrow('WEFT_PREVIOUS_SECRET');
    const lines: string[] = [];
    expect(await main([], { ...env, WEFT_SECRET: next, WEFT_PREVIOUS_SECRET: old }, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toBe('Every server may drop WEFT_PREVIOUS_SECRET now.');
    await expectAllReadable(new CredentialStore(redis, prefix, staticKeyring(next)), expected);
  });

  it('in the data directory: killed half-way it loses nothing, a server reads every credential meanwhile, and the next run finishes', async () => {
    const { prefix, dataDir, env } = fresh();
    const server = loadServerSecret(dataDir); // makes secret.key, mode 0600, as a first start does
    const secretFile = join(dataDir, 'secret.key');
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    const oldSecret = readFileSync(secretFile, 'utf8').trim();
    const store = new CredentialStore(redis, prefix, server);
    const expected = await seed(store, 55); // more than one chunk of 50: the second is untouched when the first marks come in

    // the real command, killed once some credentials are re-encrypted
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'rotate-secret.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
    let doneMarks = 0;
    for (let i = 0; i < 3000 && doneMarks < 1; i++) {
      await new Promise((ok) => setTimeout(ok, 10));
      doneMarks = (await redis.hkeys(rotationKey(prefix))).filter((f) => f.startsWith('done:')).length;
    }
    child.kill('SIGKILL');
    await exited;
    expect(doneMarks, output).toBeGreaterThanOrEqual(1);
    expect(await redis.hget(rotationKey(prefix), 'status'), output).toBe('running');

    // half-way: a new secret file, the old one kept, credentials under both — and all readable
    const newSecret = readFileSync(secretFile, 'utf8').trim();
    expect(newSecret).not.toBe(oldSecret);
    expect(readFileSync(`${secretFile}.previous`, 'utf8').trim()).toBe(oldSecret);
    expect(statSync(`${secretFile}.previous`).mode & 0o777).toBe(0o600);
    const states = await Promise.all((await blobs(prefix)).map((b) => opens(b, newSecret)));
    const underNew = states.filter(Boolean).length;
    expect(underNew).toBeGreaterThanOrEqual(1);
    expect(states.filter((s) => !s).length).toBeGreaterThan(0);
    await expectAllReadable(store, expected); // the running server's keyring follows the files
    // a credential saved meanwhile is written under the new secret
    const meanwhile = await store.create('proj_even', { name: 'meanwhile', credential_type: 'webSearch', credentials: { apiKey: 'written mid-rotation' } });
    expect(await opens((JSON.parse((await redis.get(credentialKey(prefix, 'proj_even', meanwhile.id)))!) as { credentials: string }).credentials, newSecret)).toBe(true);

    // run it again: it resumes, finishes, and deletes the old secret
    const lines: string[] = [];
    expect(await main([], env, (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toMatch(/^Resuming the rotation [0-9a-f]{16} → [0-9a-f]{16}: \d+ credentials done before$/);
    // already under the new secret: the one saved meanwhile, and any the killed run wrote but had not marked done yet
    const doneBefore = Number(/: (\d+) credentials done before$/.exec(lines[0])![1]);
    expect(lines.join('\n')).toMatch(
      new RegExp(`Rotation [0-9a-f]{16} → [0-9a-f]{16} done \\(\\d+ re-encrypted, ${underNew - doneBefore + 1} already under the new secret, ${doneBefore} done by an earlier run\\)`),
    );
    expect(existsSync(`${secretFile}.previous`)).toBe(false);
    expect(readFileSync(secretFile, 'utf8').trim()).toBe(newSecret);
    for (const blob of await blobs(prefix)) expect(await opens(blob, newSecret)).toBe(true);
    const onlyNew = new CredentialStore(redis, prefix, staticKeyring(newSecret));
    await expectAllReadable(onlyNew, expected);
    expect((await onlyNew.reveal('proj_even', 'meanwhile')).credentials).toEqual({ apiKey: 'written mid-rotation' });
    await expectAllReadable(new CredentialStore(redis, prefix, fileKeyring(secretFile)), expected);
  }, 120_000);

  it('refuses to start without a secret file', async () => {
    const { env, dataDir } = fresh();
    await expect(main([], env, () => {})).rejects.toThrow(`No server secret: WEFT_SECRET is not set and ${join(dataDir, 'secret.key')} does not exist`);
    writeFileSync(join(dataDir, 'secret.key'), 'short');
    await expect(main([], env, () => {})).rejects.toThrow('must hold a secret of at least 16 characters');
  });
});
