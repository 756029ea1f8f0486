/**
 * @module scripts/bench — `npm run bench`: starts its own Redis from redis.conf in a temp dir,
 * measures a raw BullMQ baseline and weft (engine throughput, hop latency, webhooks, GraphQL, the chat widget's first token) in the same
 * run, prints them side by side, then stops that Redis and deletes its dir. With `--cluster`: only
 * engine throughput on a 3-master Redis Cluster against a single Redis (scripts/bench/cluster.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { startRedis } from '../../actors/redis-server.ts';
import { bullmqHops } from './baseline.ts';
import { throughput } from './engine-throughput.ts';
import { hopLatency } from './hop-latency.ts';
import { legend, reportRows, type Figures } from './report.ts';
import { formatTable, median } from './stats.ts';
import { graphqlFigures, graphqlRows } from './graphql.ts';
import { webhookFigures } from './webhook.ts';
import { chatFigures, chatRows } from './chat.ts';
import { clusterBench } from './cluster.ts';

const settings = { runs: 200, rounds: 3, concurrency: 16, chainLength: 50, hopRuns: 20, baselineJobs: 20_000, clients: 32, requests: 3000, chatVisitors: 8, chatMessages: 200 };

/** Run one section; a failure is reported in the table instead of ending the bench. */
async function measure<T>(label: string, work: () => Promise<T>): Promise<T | Error> {
  const started = performance.now();
  process.stdout.write(`${label}… `);
  try {
    const result = await work();
    console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  } catch (error) {
    console.log('failed');
    return error instanceof Error ? error : new Error(String(error));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'weft-bench-'));
if (process.argv.includes('--cluster')) {
  // only the Redis Cluster comparison (issue #22): its own servers, under dir
  let code = 0;
  try {
    console.log(`weft bench --cluster: Node ${process.version}, ${availableParallelism()} cores\n`);
    await clusterBench(dir, { runs: settings.runs, rounds: settings.rounds, concurrency: settings.concurrency });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    code = 1;
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
const redis = await startRedis({ dir });
const cleanUp = async () => {
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
};
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

let exitCode = 0;
try {
  const probe = new Redis(redis.url);
  const version = /redis_version:(\S+)/.exec(await probe.info('server'))?.[1] ?? '?';
  console.log(`weft bench: Node ${process.version}, ${availableParallelism()} cores, Redis ${version} (own, from redis.conf, ${redis.url})\n`);
  const { runs, rounds, concurrency } = settings;
  const rates = await measure('BullMQ baseline and weft engine throughput, alternating rounds', () =>
    throughput(redis.url, probe, { runs, rounds, concurrency, baselineJobs: settings.baselineJobs }),
  );
  probe.disconnect();
  const baselineHops = await measure('BullMQ baseline hop latency', () => bullmqHops(redis.url, settings.chainLength, settings.hopRuns));
  if (rates instanceof Error || baselineHops instanceof Error) throw rates instanceof Error ? rates : baselineHops;
  const { baseline } = rates;
  const figures: Figures = {
    baseline,
    baselineCpu: rates.baselineCpu,
    baselineHops,
    engine: rates.engine,
    hops: await measure('weft hop latency', () => hopLatency(redis.url, settings.chainLength, settings.hopRuns, concurrency)),
    webhook: await measure('weft webhooks', () => webhookFigures(redis.url, settings.requests, settings.clients, concurrency)),
    settings,
  };
  const graphql = await measure('weft GraphQL', () => graphqlFigures(redis.url, settings.requests, settings.clients, concurrency));
  const chat = await measure('weft chat widget', () => chatFigures(redis.url, settings.chatMessages, settings.chatVisitors, concurrency));
  const rows = [...reportRows(figures), ...graphqlRows(graphql, settings.clients, median(baseline), figures.webhook), ...chatRows(chat, settings.chatVisitors)];
  console.log(`\n${formatTable(rows)}\n\n${legend}`);
  if ([figures.hops, figures.webhook, graphql, chat].some((f) => f instanceof Error)) exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
