/**
 * @module scripts/bench/peers/weft — weft for the peers bench: its own Redis from redis.conf (AOF on,
 * as in production) and weft started as `npm start` runs it in production — dist/server/start.mjs
 * with plain node, built first when stale (scripts/build-server.mjs) — server and workers in one
 * process, the demo seeded, the starter plan's limits out of reach; the peers' job deployed as
 * webhook → variables (greeting from a template) → API response, called with an API key.
 * `start: 'tsx'` runs scripts/start.ts through the TypeScript loader instead (compiled-vs-tsx.ts).
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort, startRedis, type OwnRedis } from '../../../actors/redis-server.ts';
import { chainEdges, deployFlow, flowNode, type BenchFlow, type Target } from '../webhook.ts';
import { atStop, spawnGroup } from './processes.ts';

const root = resolve(import.meta.dirname, '../../..');
const prefix = 'bench-peers:';

/** The peers' job in weft. */
export const greetFlow: BenchFlow = {
  name: 'peers bench: greet',
  nodes: [
    flowNode('webhookTrigger_1', 'webhookTriggerNode', {}),
    flowNode('variables_1', 'variablesNode', { mapping: [{ key: 'greeting', type: 'string', value: 'hello {{trigger.output.name}}' }] }),
    flowNode('apiResponse_1', 'apiResponseNode', { outputMapping: [{ key: 'greeting', value: '{{variables_1.output.greeting}}' }] }),
  ],
  edges: chainEdges(['webhookTrigger_1', 'variables_1', 'apiResponse_1']),
};

export interface RunningWeft extends Target {
  redis: OwnRedis;
  process: ChildProcess;
}

/** Resolves with the weft process's URL, from the line `npm start` prints once it is ready. */
async function listening(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => Promise.reject(new Error(`weft exited at start (code ${code})`)));
  const url = new Promise<string>((ok) =>
    lines.on('line', (line) => {
      const running = /weft is running \(\w+\): (\S+)/.exec(line);
      if (running) ok(running[1]);
    }),
  );
  try {
    return await Promise.race([url, exited]);
  } finally {
    exited.catch(() => {});
  }
}

/** A weft process being started: its address (known up front), and its URL once the start says it is ready. */
export interface Starting {
  child: ChildProcess;
  base: string;
  ready: Promise<string>;
  /** the first start of a data dir (it makes the admin and seeds the demo), or the measured restart */
  first: boolean;
}

export interface PeerOptions {
  /** go to the weft process's node (the profile's `--cpu-prof`) */
  nodeArgs?: string[];
  /** 'compiled' (default): production's dist/server/start.mjs; 'tsx': scripts/start.ts through tsx */
  start?: 'compiled' | 'tsx';
  /** called with each weft process as it starts (compiled-vs-tsx.ts times the starts) */
  onSpawn?: (starting: Starting) => void;
}

/** The weft process's node arguments: production's compiled start (built when stale), or the sources through tsx. */
function startArgs(start: 'compiled' | 'tsx'): string[] {
  if (start === 'tsx') return ['--import', 'tsx', join(root, 'scripts', 'start.ts')];
  execFileSync(process.execPath, [join(root, 'scripts', 'build-server.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  return [join(root, 'dist', 'server', 'start.mjs')];
}

/**
 * Start Redis and weft, deploy the job; resolves once deployed (stopAll stops both and deletes
 * their temp dir). weft is started twice on the same data: the first start makes the admin and
 * seeds the demo (indexing the docs opens the vector store) and is stopped; the measured process
 * is the restart, as a production weft runs after its first day.
 */
export async function startWeftPeer(options: PeerOptions = {}): Promise<RunningWeft> {
  const dir = mkdtempSync(join(tmpdir(), 'weft-bench-peers-'));
  atStop(() => rmSync(dir, { recursive: true, force: true }));
  const redis = await startRedis({ dir: join(dir, 'redis') });
  atStop(() => redis.stop());
  const unreachable = String(1e12);
  // a port of its own: the start allows flows its own address, which port 0 is not
  const port = await freePort();
  const env = {
    ...process.env,
    REDIS_URL: redis.url,
    HOST: '127.0.0.1',
    PORT: String(port),
    WEFT_PREFIX: prefix,
    WEFT_DATA_DIR: join(dir, 'data'),
    WEFT_STARTER_MAX_REQUESTS: unreachable,
    WEFT_STARTER_MAX_RECORDS: unreachable,
  };
  const args = startArgs(options.start ?? 'compiled');
  const spawnStart = (first: boolean, nodeArgs: string[]) => {
    const child = spawnGroup(process.execPath, [...nodeArgs, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    const ready = listening(child);
    options.onSpawn?.({ child, base: `http://127.0.0.1:${port}`, ready, first });
    return { child, ready };
  };
  const first = spawnStart(true, []);
  await first.ready;
  const exited = once(first.child, 'exit');
  first.child.kill('SIGTERM');
  await exited;
  const restart = spawnStart(false, options.nodeArgs ?? []);
  const target = await deployFlow(redis.url, prefix, await restart.ready, greetFlow);
  return { ...target, redis, process: restart.child };
}
