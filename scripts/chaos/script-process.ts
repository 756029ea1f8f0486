/** @module scripts/chaos/script-process — a helper script of this folder (burst.ts, probe.ts) run in a process of its own. */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';

/** Run a script of this folder in a process of its own (at `nice`, when given); resolves to the JSON line it prints. */
export function runScript(file: string, env: Record<string, string>, nice?: number): Promise<unknown> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, file)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  if (nice !== undefined) setPriority(child.pid!, nice);
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((ok, fail) => child.once('exit', (code) => (code === 0 ? ok(JSON.parse(out)) : fail(new Error(`${file} exited with ${code}`)))));
}
