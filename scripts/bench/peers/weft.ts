/**
 * @module scripts/bench/peers/weft — weft for the peers bench: its own Redis from redis.conf (AOF on,
 * as in production) and a server+workers process (./weft-process.ts), the peers' job deployed as
 * webhook → variables (greeting from a template) → API response, called with an API key.
 */
import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startRedis, type OwnRedis } from '../../redis.ts';
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

/** Resolves with the weft process's URL, from the line it prints once listening. */
async function listening(child: ChildProcess): Promise<string> {
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => Promise.reject(new Error(`weft exited at start (code ${code})`)));
  const url = new Promise<string>((ok) => lines.on('line', (line) => line.startsWith('{"url"') && ok(JSON.parse(line).url)));
  try {
    return await Promise.race([url, exited]);
  } finally {
    exited.catch(() => {});
  }
}

/**
 * Start Redis and weft, deploy the job; resolves once deployed (stopAll stops both and deletes
 * their temp dir). `nodeArgs` go to the weft process's node (the profile's `--cpu-prof`).
 */
export async function startWeftPeer(nodeArgs: string[] = []): Promise<RunningWeft> {
  const dir = mkdtempSync(join(tmpdir(), 'weft-bench-peers-'));
  atStop(() => rmSync(dir, { recursive: true, force: true }));
  const redis = await startRedis({ dir: join(dir, 'redis') });
  atStop(() => redis.stop());
  const env = { ...process.env, REDIS_URL: redis.url, HOST: '127.0.0.1', PORT: '0', WEFT_PREFIX: prefix, WEFT_DATA_DIR: join(dir, 'data') };
  const child = spawnGroup(process.execPath, [...nodeArgs, '--import', 'tsx', join(import.meta.dirname, 'weft-process.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const target = await deployFlow(redis.url, prefix, await listening(child), greetFlow);
  return { ...target, redis, process: child };
}
