/**
 * @module runtime/services/secrets/rotate-credentials — re-encrypt every credential under the current
 * server secret, opening each with the previous secrets. Idempotent and resumable: a
 * credential already under the current secret is left alone, and progress lives in
 * `{prefix}rotation` (hash: `from`/`to` secret fingerprints, `status`, `startedAt`, one
 * `done:{projectId}:{id}` field a credential), so a rotation that was stopped skips what it
 * finished when run again. scripts/rotate-secret.ts is the command.
 */
import type Redis from 'ioredis';
import { rotateOAuthApps } from './oauth-apps.ts';
import { credentialKey, swapCredentialLua as swapLua, type StoredCredential } from '../stores/credentials.ts';
import { decryptWithAny, encrypt, ENCRYPT_CHUNK } from './cipher.ts';
import { mapInChunks } from './in-chunks.ts';
import { secretFingerprint } from './server-secret.ts';

interface SwapCommands {
  weftSwapCredential(key: string, from: string, json: string): Promise<'ok' | 'stale' | 'missing'>;
}

function withCommands(redis: Redis): Redis & SwapCommands {
  const target = redis as Redis & Partial<SwapCommands>;
  if (!target.weftSwapCredential) redis.defineCommand('weftSwapCredential', { numberOfKeys: 1, lua: swapLua });
  return target as Redis & SwapCommands;
}

export interface RotationOptions {
  redis: Redis;
  prefix: string;
  /** the secret every credential ends up under */
  newSecret: string;
  /** the secrets credentials may still be under */
  oldSecrets: readonly string[];
  /** handle at most this many credentials in this run (the rest when run again) */
  limit?: number;
  /** told after each credential is handled (tests stop a rotation here) */
  onCredential?: (done: number) => void | Promise<void>;
  log?: (line: string) => void;
}

export interface RotationReport {
  /** 'done': every credential is under the new secret; 'partial': stopped by `limit` */
  status: 'done' | 'partial' | 'failed';
  from: string;
  to: string;
  resumed: boolean;
  /** re-encrypted in this run */
  rotated: number;
  /** found already under the new secret in this run */
  alreadyNew: number;
  /** done by an earlier run of this rotation */
  doneBefore: number;
  /** credentials that opened with none of the secrets: left as they are */
  failed: { project_id: string; id: string; name: string; error: string }[];
}

/** Tries of one credential that keeps changing under the rotation before it gives up. */
const ATTEMPTS = 10;

export const rotationKey = (prefix: string) => `${prefix}rotation`;

export async function rotateCredentials(options: RotationOptions): Promise<RotationReport> {
  const { redis, prefix, newSecret } = options;
  const log = options.log ?? (() => {});
  if (!newSecret) throw new Error('The new secret is empty');
  const olds = options.oldSecrets.filter((s) => s && s !== newSecret);
  const [from, to] = await Promise.all([olds.length ? secretFingerprint(olds[0]) : Promise.resolve('none'), secretFingerprint(newSecret)]);

  const key = rotationKey(prefix);
  const record = await redis.hgetall(key);
  const resumed = record.status === 'running' && record.to === to;
  const started = resumed ? { from: record.from, startedAt: record.startedAt } : { from, startedAt: String(Date.now()) };
  if (!resumed) {
    if (record.status === 'running') log(`An unfinished rotation to another secret (${record.to}) is given up: its credentials are read with the old secrets`);
    await redis.multi().del(key).hset(key, { ...started, to, status: 'running' }).exec();
  }
  const done = new Set(Object.keys(record).filter((f) => resumed && f.startsWith('done:')).map((f) => f.slice(5)));
  log(resumed ? `Resuming the rotation ${started.from} → ${to}: ${done.size} credentials done before` : `Rotating credentials from secret ${from} to ${to}`);

  const report: RotationReport = { status: 'done', from: started.from, to, resumed, rotated: 0, alreadyNew: 0, doneBefore: 0, failed: [] };
  const keys = await credentialKeys(redis, prefix);
  let taken = 0;
  let handled = 0;
  let stopped = false;
  await mapInChunks(
    keys,
    ENCRYPT_CHUNK,
    async ({ key: credential, ref }) => {
      if (done.has(ref)) {
        report.doneBefore++;
        return;
      }
      if (options.limit !== undefined && taken >= options.limit) {
        stopped = true;
        return;
      }
      taken++;
      const outcome = await rotateOne(redis, credential, olds, newSecret);
      if (outcome.kind === 'failed') report.failed.push(outcome.failure);
      else {
        if (outcome.kind === 'rotated') report.rotated++;
        if (outcome.kind === 'alreadyNew') report.alreadyNew++;
        await redis.hset(key, `done:${ref}`, '1');
      }
      await options.onCredential?.(++handled);
    },
    (count) => log(`  ${count}/${keys.length} looked at`),
  );

  // the operators' OAuth apps (marketplace integration secrets) are encrypted the same way
  for (const app of await rotateOAuthApps(redis, prefix, olds, newSecret)) report.failed.push({ project_id: '', id: `marketplace:${app.id}`, name: 'OAuth app', error: app.error });
  if (report.failed.length > 0) report.status = 'failed';
  else if (stopped) report.status = 'partial';
  else {
    // the done:… fields go; what stays is a record of the finished rotation for operators
    const total = String(report.rotated + report.alreadyNew + report.doneBefore);
    await redis.multi().del(key).hset(key, { ...started, to, status: 'done', total, finishedAt: String(Date.now()) }).exec();
  }
  return report;
}

type Outcome = { kind: 'rotated' | 'alreadyNew' | 'gone' } | { kind: 'failed'; failure: RotationReport['failed'][number] };

async function rotateOne(redis: Redis, key: string, olds: readonly string[], newSecret: string): Promise<Outcome> {
  const commands = withCommands(redis);
  let stored: StoredCredential | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const text = await redis.get(key);
    if (!text) return { kind: 'gone' };
    stored = JSON.parse(text) as StoredCredential;
    // the old secrets first: that is where the credentials not yet done are (one key derivation each)
    let opened: { plain: string; secretIndex: number };
    try {
      opened = await decryptWithAny(stored.credentials, [...olds, newSecret]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'failed', failure: { project_id: stored.project_id, id: stored.id, name: stored.name, error: message } };
    }
    if (opened.secretIndex === olds.length) return { kind: 'alreadyNew' };
    const { plain } = opened;
    // Only the blob changes: the credential itself (and its updatedAt) is what it was.
    const next = JSON.stringify({ ...stored, credentials: await encrypt(plain, newSecret) });
    const outcome = await commands.weftSwapCredential(key, text, next);
    if (outcome === 'ok') return { kind: 'rotated' };
    if (outcome === 'missing') return { kind: 'gone' };
    // 'stale': saved by a server meanwhile (then under the new secret, most likely); read it again
  }
  const { project_id = '', id = key, name = '' } = stored ?? {};
  return { kind: 'failed', failure: { project_id, id, name, error: `changed ${ATTEMPTS} times while being rotated; run the rotation again` } };
}

/** Every credential key under the prefix (SCAN, never KEYS), with its `{projectId}:{id}` reference. */
async function credentialKeys(redis: Redis, prefix: string): Promise<{ key: string; ref: string }[]> {
  const found = new Map<string, string>();
  const pattern = /^\{([^}]+)\}:(.+)$/;
  const start = `${prefix}credential:`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${start.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 1000);
    for (const key of keys) {
      const match = pattern.exec(key.slice(start.length));
      if (match) found.set(key, `${match[1]}:${match[2]}`);
    }
    cursor = next;
  } while (cursor !== '0');
  return [...found].sort((a, b) => a[1].localeCompare(b[1])).map(([key, ref]) => ({ key, ref }));
}
