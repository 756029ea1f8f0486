/**
 * @module scripts/bench/peers/weft-process — the weft of `npm run bench:peers`, in a process of its
 * own: server and workers (WEFT_ROLE, default all) configured from the environment as by `npm start`,
 * the starter plan's limits out of reach. Prints `{"url":…}` once listening; SIGTERM closes it.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../../runtime/config.ts';
import { staticKeyring } from '../../../runtime/secrets/server-secret.ts';
import { startWeft } from '../../../runtime/server.ts';

const config = loadConfig(process.env);
const redisUrl = config.redisUrl;
if (!redisUrl) throw new Error('REDIS_URL must be set: the peers bench starts the Redis');
const unreachable = { requests: Number.MAX_SAFE_INTEGER, records: Number.MAX_SAFE_INTEGER };
// a throwaway server secret: the bench stores no credential worth keeping
const weft = await startWeft({ ...config, redisUrl, starterLimits: unreachable, keyring: staticKeyring(randomBytes(32).toString('hex')) });
process.stdout.write(`${JSON.stringify({ url: weft.url })}\n`);
process.once('SIGTERM', () => void weft.close().then(() => process.exit(0)));
