/**
 * @module scripts/rotate-secret — `npm run rotate-secret`: re-encrypt every credential under a
 * new server secret; nothing is lost, and a rotation that was stopped (Ctrl-C, a crash,
 * `--limit`) finishes when the command is run again.
 *
 * Secret in the data directory (no WEFT_SECRET): the command does everything. It keeps the old
 * secret as `secret.key.previous`, writes a new `secret.key` (servers pick both up at once:
 * they encrypt with the new one and still read the old), re-encrypts every credential, then
 * deletes `secret.key.previous`.
 *
 * WEFT_SECRET: restart every server with WEFT_SECRET=<new> WEFT_PREVIOUS_SECRET=<old> first,
 * run this with the same two variables, then drop WEFT_PREVIOUS_SECRET.
 */
import { connectStores } from '../runtime/services/stores/slot-transactions.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { rotateCredentials, type RotationReport } from '../runtime/services/secrets/rotate-credentials.ts';
import { PREVIOUS_SUFFIX, readSecretFile, SECRET_FILE, writeSecretFile } from '../runtime/services/secrets/server-secret.ts';

const usage = 'usage: npm run rotate-secret -- [--prefix weft:] [--limit N]';

/** How long servers get to notice a new secret file before the sweep (they look each time they need it). */
export const SETTLE_MS = 3000;

export interface RotateArgs {
  prefix: string;
  limit?: number;
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): RotateArgs {
  let prefix = env.WEFT_PREFIX || 'weft:';
  let limit: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value\n${usage}`);
      return next;
    };
    if (arg === '--prefix') prefix = value();
    else if (arg === '--limit') {
      const text = value();
      limit = Number(text);
      if (!Number.isInteger(limit) || limit < 1) throw new Error(`--limit must be a whole number of at least 1 (got '${text}')\n${usage}`);
    } else throw new Error(`unknown argument ${arg}\n${usage}`);
  }
  if (!/^[\w.-]+:$/.test(prefix)) throw new Error(`--prefix must be letters, digits, '.', '-' or '_' ending in ':' (got '${prefix}')`);
  return { prefix, limit };
}

export interface SecretPlan {
  newSecret: string;
  oldSecrets: string[];
  /** file mode: delete this once every credential is under the new secret */
  previousFile?: string;
  /** file mode: the new secret file was written in this run (servers need a moment to see it) */
  switched: boolean;
}

/**
 * Which secrets to rotate from and to. File mode makes the switch itself, in steps that can
 * each be interrupted: (1) copy secret.key to secret.key.previous, (2) write a new secret.key.
 */
export function planSecrets(dataDir: string, env: NodeJS.ProcessEnv): SecretPlan {
  if (env.WEFT_SECRET) {
    if (!env.WEFT_PREVIOUS_SECRET) {
      throw new Error(
        'WEFT_SECRET is set, so the secret is yours to change: restart every server with WEFT_SECRET=<new secret> and\n' +
          'WEFT_PREVIOUS_SECRET=<old secret>, then run this command with the same two variables.',
      );
    }
    return { newSecret: env.WEFT_SECRET.trim(), oldSecrets: [env.WEFT_PREVIOUS_SECRET.trim()], switched: false };
  }
  const file = join(dataDir, SECRET_FILE);
  const previousFile = file + PREVIOUS_SUFFIX;
  const current = readSecretFile(file);
  if (current === null) throw new Error(`No server secret: WEFT_SECRET is not set and ${file} does not exist (nothing to rotate)`);
  let previous = readSecretFile(previousFile);
  if (previous === null) {
    writeSecretFile(previousFile, current);
    previous = current;
  }
  if (previous !== current) return { newSecret: current, oldSecrets: [previous], previousFile, switched: false };
  const fresh = randomBytes(32).toString('hex');
  writeSecretFile(file, fresh);
  return { newSecret: fresh, oldSecrets: [previous], previousFile, switched: true };
}

function redisUrl(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.REDIS_URL) return env.REDIS_URL;
  const file = join(dataDir, 'redis.url');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new Error(`Which Redis? REDIS_URL is not set and ${file} does not exist (npm start writes it while it runs)`);
}

export function summary(report: RotationReport, prefix: string): string {
  const counts = `${report.rotated} re-encrypted, ${report.alreadyNew} already under the new secret, ${report.doneBefore} done by an earlier run`;
  if (report.status === 'failed') {
    const lines = report.failed.map((f) => `  ${f.id} (project ${f.project_id}, name ${f.name}): ${f.error}`);
    return `Rotation ${report.from} → ${report.to} not finished: ${report.failed.length} credentials open with none of the secrets (${counts}):\n${lines.join('\n')}\nFix or delete them, then run this again.`;
  }
  if (report.status === 'partial') return `Rotation ${report.from} → ${report.to} stopped at --limit (${counts}). Run this again to go on.`;
  return `Rotation ${report.from} → ${report.to} done (${counts}); recorded in ${prefix}rotation.`;
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = console.log): Promise<number> {
  const args = parseArgs(argv, env);
  const dataDir = resolve(env.WEFT_DATA_DIR || './data');
  const redis = connectStores(redisUrl(env, dataDir), { maxRetriesPerRequest: 3, lazyConnect: true });
  try {
    await redis.connect();
    const plan = planSecrets(dataDir, env);
    if (plan.switched) {
      log(`New server secret written to ${join(dataDir, SECRET_FILE)} (the old one kept as ${plan.previousFile} until this finishes)`);
      await sleep(Number(env.WEFT_ROTATE_SETTLE_MS ?? SETTLE_MS));
    }
    const report = await rotateCredentials({ redis, prefix: args.prefix, newSecret: plan.newSecret, oldSecrets: plan.oldSecrets, limit: args.limit, log });
    log(summary(report, args.prefix));
    if (report.status !== 'done') return report.status === 'failed' ? 1 : 0;
    if (plan.previousFile) {
      rmSync(plan.previousFile, { force: true });
      log(`The old secret (${plan.previousFile}) is deleted.`);
    } else log('Every server may drop WEFT_PREVIOUS_SECRET now.');
    return 0;
  } finally {
    redis.disconnect();
  }
}

if (process.argv[1]?.endsWith('rotate-secret.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
