/**
 * @module runtime/integrations/sync/testing/crash-workers — weft processes of their own for the crash tests
 * (sync-crash-worker.ts: server and workers on the test's Redis and prefix), to SIGKILL mid-sync;
 * `killAll` ends those still running when the test file ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface CrashWorkers {
  /** a new process, once it is ready; `env` is added to the test's environment */
  start(env?: Record<string, string>): Promise<ChildProcess>;
  /** SIGKILL `child` and wait for it to be gone */
  kill(child: ChildProcess): Promise<void>;
  killAll(): void;
}

export function crashWorkers(prefix: string): CrashWorkers {
  const children: ChildProcess[] = [];
  return {
    async start(env = {}) {
      const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'sync-crash-worker.ts')], {
        env: { ...process.env, WEFT_PREFIX: prefix, ...env },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      await new Promise<void>((ok, fail) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && ok());
        child.once('exit', (code) => fail(new Error(`the worker process exited (${code})`)));
      });
      return child;
    },
    async kill(child) {
      const gone = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGKILL');
      await gone;
    },
    killAll() {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
