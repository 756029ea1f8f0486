/**
 * @module scripts/organisations — operators' view of organisations, and their plans:
 * `npm run organisations` lists every organisation (id, slug, name, plan, members, projects);
 * `npm run organisations -- plan <organisation id or slug> <plan>` moves one to a plan
 * ('starter' is limited, spec 000 §9; any other plan, `unlimited` among them, is not). `--prefix weft:` as elsewhere.
 */
import { connectStores } from '../runtime/services/stores/slot-transactions.ts';
import type Redis from 'ioredis';
import type { Organisation } from '../contract/accounts.ts';
import { OrganisationStore } from '../runtime/services/stores/organisations.ts';
import { PLAN_NAME } from '../runtime/services/usage/plans.ts';
import { redisUrl } from './mailbox.ts';

const usage = 'usage: npm run organisations -- [plan <organisation id or slug> <plan>] [--prefix weft:]';

export interface OrganisationsArgs {
  prefix: string;
  change?: { organisation: string; plan: string };
}

export function parseArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): OrganisationsArgs {
  let prefix = env.WEFT_PREFIX || 'weft:';
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--prefix') {
      prefix = argv[++i] ?? '';
      if (!prefix) throw new Error(`--prefix needs a value\n${usage}`);
    } else rest.push(argv[i]);
  }
  if (rest.length === 0) return { prefix };
  const [verb, organisation, plan, ...extra] = rest;
  if (verb !== 'plan' || !organisation || !plan || extra.length) throw new Error(usage);
  if (!PLAN_NAME.test(plan)) throw new Error(`A plan name is lower-case letters, digits and dashes (got '${plan}')`);
  return { prefix, change: { organisation, plan } };
}

function row(o: Organisation, members: number, projects: number): string {
  return `${o.id}  ${o.slug.padEnd(28)} ${o.plan.padEnd(10)} ${String(members).padStart(3)} members ${String(projects).padStart(4)} projects  ${o.name}`;
}

/** the listing, or the change made; throws naming an organisation it cannot find */
export async function runOrganisations(redis: Redis, args: OrganisationsArgs, write: (text: string) => void): Promise<void> {
  const store = new OrganisationStore(redis, args.prefix);
  const all = await store.list();
  if (args.change) {
    const { organisation, plan } = args.change;
    const found = all.find((o) => o.id === organisation || o.slug === organisation);
    if (!found) throw new Error(`No organisation '${organisation}' under prefix '${args.prefix}' (npm run organisations lists them)`);
    await store.update(found.id, { plan });
    write(`${found.name} (${found.id}): plan ${found.plan} → ${plan}`);
    return;
  }
  if (all.length === 0) return write(`No organisations under prefix '${args.prefix}'`);
  for (const o of all) {
    const [members, projects] = await Promise.all([redis.hlen(`${args.prefix}organisation:${o.id}:members`), redis.zcard(`${args.prefix}organisation:${o.id}:projects`)]);
    write(row(o, members, projects));
  }
}

async function main(argv: string[]): Promise<void> {
  const args = parseArgs(argv);
  const redis = connectStores(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => {}); // reported by connect() below
  try {
    await redis.connect().catch((error: Error) => {
      throw new Error(`Cannot reach weft's Redis (${error.message}): is it running? Set REDIS_URL to the right one.`);
    });
    await runOrganisations(redis, args, (text) => console.log(text));
  } finally {
    redis.disconnect();
  }
}

if (process.argv[1]?.endsWith('organisations.ts')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
