/**
 * @module dir-lock — run `work` while holding a lock directory, so parallel callers
 * (test files, a start beside a test run) never build the same bundle at the same time. A lock
 * older than two minutes was left by a killed process and is taken over.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export async function withDirLock<T>(lock: string, what: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lock), { recursive: true });
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 120_000) rmSync(lock, { recursive: true, force: true });
      if (waited > 180_000) throw new Error(`timed out waiting for another ${what}`);
      await new Promise((ok) => setTimeout(ok, 200));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
