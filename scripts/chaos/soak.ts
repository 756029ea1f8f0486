/**
 * @module scripts/chaos/soak — the "soak" scenario: many production calls, a third each through
 * the webhook, GraphQL `executeWorkflow` and the chat widget's SSE route, from a fixed number of
 * callers; Redis's memory (INFO used_memory) and the weft processes' resident memory are sampled
 * before, throughout and after the runs' retention has passed. The cluster runs with
 * WEFT_RUN_RETENTION and WEFT_LOG_RETENTION at their floor, 60 s, so "after retention" comes
 * within the run: every key a run leaves must expire and memory come back near where it started.
 */
import Redis from 'ioredis';
import { percentile } from '../bench/stats.ts';
import { Cluster } from './cluster.ts';
import { callDoor, deployDoorFlows, DOORS, type DoorAnswer, type DoorFlows } from './doors.ts';
import { sleep } from './load.ts';
import type { ScenarioResult } from './report.ts';

export interface SoakOptions {
  runs: number;
  workers: number;
  /** callers calling at once, each its next call as soon as its last is answered */
  clients: number;
  /** WEFT_RUN_RETENTION and WEFT_LOG_RETENTION of the cluster (s) */
  retentionSeconds: number;
  /** calls before the measured ones, so the processes' code is warm when their memory is read (Redis's is read after one call a door) */
  warmUp: number;
}

interface Memory {
  redis: number;
  server: number;
  workers: number;
  /** V8 heap in use after a full GC (before and after only) */
  heap?: { server: number; workers: number };
}

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
type Measured = 'redis' | 'server' | 'workers';
/** memory "back" after retention: within 10 % of the start */
const WITHIN = 1.1;

/**
 * Start the soak; resolves once its calls are answered, to `result`, which resolves once the
 * retention has passed (a wait with nothing to do: other scenarios may run meanwhile).
 */
export async function startSoak(options: SoakOptions, say: (line: string) => void): Promise<{ result: Promise<ScenarioResult> }> {
  const retention = String(options.retentionSeconds);
  const cluster = new Cluster({ workers: options.workers, outboundAllow: [], env: { WEFT_RUN_RETENTION: retention, WEFT_LOG_RETENTION: retention } });
  let redis: Redis | null = null;
  const stop = async () => {
    redis?.disconnect();
    await cluster.stop();
  };
  try {
    await cluster.start();
    const r = (redis = new Redis(cluster.redisUrl));
    const memory = () => memoryOf(r, cluster);
    const flows = await deployDoorFlows(cluster.redisUrl, cluster.prefix, cluster.serverUrl);
    say(`soak: ${options.runs} runs (webhook, GraphQL, chat widget), ${options.clients} callers, ${options.workers} workers, retention ${retention} s`);
    // one call a door first: Redis then holds the scripts and connections the runs use, and little else
    await drive(flows, DOORS.length, DOORS.length);
    const redisBefore = (await memory()).redis;
    await drive(flows, options.warmUp, options.clients);
    const before = { ...(await memoryOf(r, cluster, true)), redis: redisBefore };

    const peak: Memory = { ...before };
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const now = await memory();
        for (const k of ['redis', 'server', 'workers'] as const) peak[k] = Math.max(peak[k], now[k]);
        await sleep(500);
      }
    })();
    const t0 = Date.now();
    const answers = await drive(flows, options.runs, options.clients);
    const driveMs = Date.now() - t0;
    sampling = false;
    await sampler;
    say(`soak: ${answers.length} calls answered in ${(driveMs / 1000).toFixed(0)} s; waiting for the retention`);
    for (const a of answers.filter((x) => !x.ok)) {
      const [status, startedAt, finishedAt] = a.runId ? await r.hmget(`${cluster.prefix}{run:${a.runId}}:meta`, 'status', 'startedAt', 'finishedAt') : [];
      const took = startedAt && finishedAt ? ` in ${((Number(finishedAt) - Number(startedAt)) / 1000).toFixed(1)} s` : '';
      say(`  not answered: ${a.door} ${a.status || a.error} after ${(a.ms / 1000).toFixed(1)} s; run ${a.runId ?? '(no id)'} ${status ?? ''}${took}`);
    }
    const result = afterRetention(options, r, cluster, { before, peak, answers, driveMs }).finally(stop);
    return { result };
  } catch (error) {
    await stop();
    throw error;
  }
}

interface Driven {
  before: Memory;
  peak: Memory;
  answers: DoorAnswer[];
  driveMs: number;
}

async function afterRetention(options: SoakOptions, r: Redis, cluster: Cluster, { before, peak, answers, driveMs }: Driven): Promise<ScenarioResult> {
  const t0 = Date.now() - driveMs;
  // retention runs from each run's last activity: wait until the runs' keys are gone (bounded)
  const deadline = Date.now() + options.retentionSeconds * 1000 + 60_000;
  let left = await runKeys(r, cluster.prefix);
  while (left > 0 && Date.now() < deadline) {
    await sleep(2000);
    left = await runKeys(r, cluster.prefix);
  }
  await sleep(2000);
  const after = await memoryOf(r, cluster, true);
  const largest = await largestKeys(r, 3);
  const info = await r.info('memory');
  const field = (name: string) => MB(Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? 0));
  const afterMs = Date.now() - t0 - driveMs;

  const ok = answers.filter((a) => a.ok).length;
  const ms = answers.map((a) => a.ms);
  const byDoor = DOORS.map((d) => `${d} ${answers.filter((a) => a.door === d && a.ok).length}/${answers.filter((a) => a.door === d).length}`).join(', ');
  const back = (k: Measured) => after[k] <= before[k] * WITHIN;
  const row = (what: string, k: Measured, goal: string): [string, string, string] => [what, `${MB(before[k])} / ${MB(peak[k])} / ${MB(after[k])}`, goal];
  return {
    name: 'soak',
    rows: [
      ['calls answered with their own number', `${ok}/${answers.length} (${byDoor})`, `${answers.length}/${answers.length}`],
      ['calls not answered (status, error)', summarise(answers.filter((a) => !a.ok)), '-'],
      ['calls a second / latency p50 / p99', `${((answers.length / driveMs) * 1000).toFixed(0)} / ${percentile(ms, 50).toFixed(0)} ms / ${percentile(ms, 99).toFixed(0)} ms`, ''],
      ['run and log keys left after retention', String(left), '0'],
      ['after retention: waited after the last call', `${(afterMs / 1000).toFixed(0)} s`, `< ${options.retentionSeconds + 60} s`],
      row('Redis used_memory before / peak / after retention', 'redis', `after ≤ before + 10 %`),
      ['… its largest keys after retention', largest, ''],
      ['… after: dataset / overhead / scripts', `${field('used_memory_dataset')} / ${field('used_memory_overhead')} / ${field('used_memory_scripts')}`, ''],
      row('worker RSS (all workers; before and after a full GC) before / peak / after', 'workers', `after ≤ before + 10 %`),
      row('server RSS before / peak / after', 'server', `after ≤ before + 10 %`),
      ['V8 heap in use after a full GC, server / workers: before → after', `${MB(before.heap!.server)} → ${MB(after.heap!.server)} / ${MB(before.heap!.workers)} → ${MB(after.heap!.workers)}`, ''],
    ],
    passed: ok === answers.length && left === 0 && back('redis') && back('workers') && back('server'),
    summary: `soak ${ok}/${answers.length} answered, Redis ${MB(before.redis)} → ${MB(peak.redis)} → ${MB(after.redis)}, workers ${MB(before.workers)} → ${MB(after.workers)}`,
  };
}

/**
 * Redis's used_memory, the resident memory of the server and of the workers together, and
 * (`gc`: read after a full garbage collection in each process) their V8 heaps in use.
 */
async function memoryOf(redis: Redis, cluster: Cluster, gc = false): Promise<Memory> {
  const used = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? 0);
  if (!gc) {
    const rss = cluster.rss();
    return { redis: used, server: rss.server, workers: rss.workers.reduce((a, b) => a + b, 0) };
  }
  const { server, workers } = await cluster.memoryAfterGc();
  const sum = (key: 'rss' | 'heapUsed') => workers.reduce((total, w) => total + w[key], 0);
  return { redis: used, server: server.rss, workers: sum('rss'), heap: { server: server.heapUsed, workers: sum('heapUsed') } };
}

/** `count` calls from `clients` callers, the doors taken in turn. */
async function drive(flows: DoorFlows, count: number, clients: number): Promise<DoorAnswer[]> {
  const answers: DoorAnswer[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const n = next++;
        // longer than the server's realtime wait (30 s): a run that outlasts it is answered, not cut off
        answers.push(await callDoor(flows, DOORS[n % DOORS.length], n, 40_000));
      }
    }),
  );
  return answers;
}

/** the runs (each has one meta hash) and projects' log records still in Redis */
async function runKeys(redis: Redis, prefix: string): Promise<number> {
  let count = 0;
  // a run's meta hash, and the log records of its project (written when the call was answered)
  for (const pattern of [`${prefix}{run:*}:meta`, `${prefix}{logs:*}:records`]) {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      cursor = nextCursor;
      count += keys.length;
    } while (cursor !== '0');
  }
  return count;
}

/** the `top` keys using the most memory, e.g. `chaos:bull:activations:events 1.4 MB` */
async function largestKeys(redis: Redis, top: number): Promise<string> {
  const sizes: [string, number][] = [];
  let cursor = '0';
  do {
    const [nextCursor, keys] = await redis.scan(cursor, 'COUNT', 1000);
    cursor = nextCursor;
    for (const key of keys) sizes.push([key, Number(await redis.memory('USAGE', key)) || 0]);
  } while (cursor !== '0');
  return sizes.sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, n]) => `${k} ${(n / 1024).toFixed(0)} kB`).join(', ');
}

/** e.g. `503 ×3, ECONNRESET ×1`; '0' when there are none */
export function summarise(answers: readonly DoorAnswer[]): string {
  if (!answers.length) return '0';
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = a.status ? String(a.status) : (a.error ?? 'no answer');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${k} ×${n}`).join(', ');
}
