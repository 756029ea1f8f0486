/**
 * @module runtime/testing/test-weft — a whole weft (server + workers) on the test Redis, on a
 * free port, signed in as a fresh admin: `api()`/`request()` send the admin's session cookie
 * and CSRF token. `signIn`/`createUser` give clients of other people; `anonymous` has none.
 * `stop`/`restart` take the server down and bring it back on the same port, prefix and Redis.
 */
import { randomUUID } from 'node:crypto';
import { connectStores } from '../services/stores/slot-transactions.ts';
import { startWeft, type Weft } from '../server.ts';
import type { WeftOptions } from '../weft-options.ts';
import { testSecret } from './test-secret.ts';
import { clientOf, type Client, type SignedInClient } from './session-client.ts';
import { testAccounts, type TestAccounts, type TestUser } from './test-accounts.ts';

export interface TestWeft extends Weft, SignedInClient {
  prefix: string;
  /** the admin signed in as (its organisation owns the projects the admin creates) */
  admin: TestUser;
  /** a client without a session */
  anonymous: Client;
  signIn: TestAccounts['signIn'];
  createUser: TestAccounts['createUser'];
  accounts: TestAccounts;
  /** Stop the server and workers (the Redis and its data stay), as a crash or an outage would. */
  stop(): Promise<void>;
  /** Start them again on the same port, prefix and Redis: sessions, flows and runs are all still there. */
  restart(): Promise<void>;
}

/**
 * `options` may set any of startWeft's options but the Redis, prefix and address (plan limits,
 * log publisher…); `role: 'server'` leaves the work to workers the test starts (crash tests).
 */
export async function startTestWeft(
  options: Omit<Partial<WeftOptions>, 'prefix' | 'port' | 'host' | 'role'> & { role?: 'all' | 'server' } = {},
): Promise<TestWeft> {
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is not set: run tests with `npm test`');
  const prefix = `weft-test-${randomUUID().slice(0, 8)}:`;
  const settings: WeftOptions = { secret: testSecret(), ...options, redisUrl, prefix, port: 0, host: '127.0.0.1', concurrency: options.concurrency ?? 8, shutdownGraceMs: options.shutdownGraceMs ?? 1000, role: options.role ?? 'all' };
  // (a test's stop waits at most 1 s for callers still waiting, unless it asks for more)
  let weft: Weft | null = await startWeft(settings);
  const first = weft;
  const port = Number(new URL(weft.url).port);
  const redis = connectStores(redisUrl);
  const accounts = testAccounts(redis, prefix, weft.url);
  const admin = await accounts.createUser({ name: 'Admin', organisationName: 'Admin' });
  return {
    url: first.url,
    // the running weft's, a new one's after a restart
    get engine() {
      return (weft ?? first).engine;
    },
    get usage() {
      return (weft ?? first).usage;
    },
    get vectorStore() {
      return (weft ?? first).vectorStore;
    },
    get sync() {
      return (weft ?? first).sync;
    },
    logged: () => (weft ?? first).logged(),
    routes: first.routes,
    ...admin,
    prefix,
    admin,
    anonymous: clientOf(weft.url),
    signIn: accounts.signIn,
    createUser: accounts.createUser,
    accounts,
    async stop() {
      await weft?.close();
      weft = null;
    },
    async restart() {
      await weft?.close();
      weft = await startWeft({ ...settings, port });
    },
    async close() {
      await weft?.close();
      weft = null;
      redis.disconnect();
    },
  };
}
