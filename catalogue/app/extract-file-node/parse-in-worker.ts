/**
 * @module catalogue/app/extract-file-node/parse-in-worker — runs one parse in its own worker
 * thread with a capped heap (`resourceLimits`) and a deadline: a file that exhausts memory or
 * time ends its worker, never the server, and fails the node with the reason. Progress the
 * worker reports is passed on; a cancelled run terminates the worker.
 */
import { Worker } from 'node:worker_threads';
import { operationalError, timeoutError, userError } from '../../errors.ts';
import type { ParseJob, Progress, WorkerMessage } from './parse-types.ts';

export async function parseInWorker(job: ParseJob, label: string, progress: Progress, signal: AbortSignal): Promise<unknown> {
  const { timeoutMs, memoryMb } = job.limits;
  const worker = new Worker(new URL('./parse-worker-entry.mjs', import.meta.url), {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, memoryMb / 8)) },
    stdout: true,
    stderr: true,
  });
  // the parsers' console warnings stay in the worker (read and dropped, never buffered up)
  worker.stdout.resume();
  worker.stderr.resume();
  try {
    return await new Promise((resolve, reject) => {
      let settled = false;
      const finish = (settle: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        settle();
      };
      const timer = setTimeout(
        () => finish(() => reject(timeoutError(`Parsing ${label} took longer than ${timeoutMs / 1000} s; it was stopped`))),
        timeoutMs,
      );
      const onAbort = () => finish(() => reject(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') progress(message.message, message.done, message.total);
        else if (message.type === 'done') finish(() => resolve(message.data));
        else finish(() => reject(message.expected ? userError(message.message) : userError(`Invalid or unsupported file format: ${message.message}`)));
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          finish(() => reject(userError(`Parsing ${label} needed more than ${memoryMb} MB of memory; it was stopped`)));
        } else {
          finish(() => reject(operationalError(`Parsing ${label} failed: ${error.message}`)));
        }
      });
      worker.on('exit', (code) => finish(() => reject(operationalError(`Parsing ${label} stopped unexpectedly (exit code ${code})`))));
    });
  } finally {
    await worker.terminate();
  }
}
