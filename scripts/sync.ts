/**
 * @module scripts/sync — `npm run sync -- <flowId>`: one sync of a deployed data-source flow,
 * run in this terminal against the configured Redis (REDIS_URL, else the one `npm start`
 * wrote to ./data/redis.url; WEFT_PREFIX as the server's), whatever the job's schedule, with a
 * progress bar; exits 0 with the counts once it succeeded, 1 when it failed. The flow's runs
 * it starts are run by weft's workers (`npm start`), as scheduled syncs' are; it exits once
 * they have ended and their log records are written (a run's record is written by the process
 * that started it).
 */
import { connectRedis } from '../actors/redis-connection.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../runtime/config.ts';
import { startWeft, type Weft } from '../runtime/server.ts';
import type { WeftOptions } from '../runtime/weft-options.ts';
import type { SyncStore } from '../runtime/integrations/sync/sync-store.ts';
import type { SyncRunSummary } from '../runtime/services/sync-sources/types.ts';
import { redisUrl } from './mailbox.ts';

const usage = 'usage: npm run sync -- <flowId>';
const BAR = 30;

/** `[#######.......]  7/12 records read, 7 written` (no total: a count only) */
export function progressLine(read: number, written: number, total?: number): string {
  if (total === undefined || total <= 0) return `${read} records read, ${written} written`;
  const done = Math.min(BAR, Math.round((read / total) * BAR));
  return `[${'#'.repeat(done)}${'.'.repeat(BAR - done)}] ${read}/${total} records read, ${written} written`;
}

export function summaryLine(summary: SyncRunSummary): string {
  const seconds = (((summary.endedAt ?? Date.now()) - summary.startedAt) / 1000).toFixed(1);
  const counts = `${summary.recordsRead} records read, ${summary.recordsWritten} written, in ${seconds} s`;
  return summary.status === 'succeeded' ? `Sync ${summary.id} succeeded: ${counts}` : `Sync ${summary.id} failed: ${summary.error ?? 'unknown error'} (${counts})`;
}

/** redraw the progress while the sync runs (one line on a terminal, a line per change elsewhere) */
function showProgress(store: SyncStore, flowId: string, write: (text: string) => void, tty: boolean): () => void {
  let last = '';
  const timer = setInterval(() => {
    void store.progress(flowId).then((progress) => {
      if (!progress) return;
      const line = progressLine(progress.read, progress.written, progress.total);
      if (line === last) return;
      last = line;
      write(tty ? `\r${line}` : `${line}\n`);
    });
  }, 200);
  return () => {
    clearInterval(timer);
    if (tty && last) write('\n');
  };
}

/** This process writes the log records of the runs it started, once they end: it waits for them (Ctrl-C leaves them to the server's next start). */
async function logsWritten(weft: Weft, write: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const written = weft.logged();
  if (await Promise.race([written.then(() => true), sleep(200).then(() => false)])) return;
  write('Waiting for the runs it started to end, to write their log records (Ctrl-C: the next server start writes them)\n');
  await Promise.race([written, new Promise((ok) => signal?.addEventListener('abort', ok, { once: true }))]);
}

/**
 * One sync of `flowId` with a progress bar written to `write`; resolves to the exit code.
 * `options` are startWeft's (the configured Redis and prefix; tests add their own source).
 */
export async function syncCommand(flowId: string, options: WeftOptions, write: (text: string) => void, tty = false, signal?: AbortSignal): Promise<number> {
  // the server part only, on a loopback port of its own: it runs the sync, the workers run the flow
  const weft = await startWeft({ ...options, role: 'server', port: 0, host: '127.0.0.1', sync: { ...options.sync, worker: false } });
  const stopProgress = showProgress(weft.sync!.store, flowId, write, tty);
  try {
    const summary = await weft.sync!.runOnce(flowId, signal);
    stopProgress();
    if (!summary) {
      write(`A sync of flow ${flowId} is under way already (${await weft.sync!.store.lockHolder(flowId)}): try again once it ended\n`);
      return 1;
    }
    await logsWritten(weft, write, signal);
    write(`${summaryLine(summary)}\n`);
    return summary.status === 'succeeded' ? 0 : 1;
  } finally {
    stopProgress();
    await weft.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [flowId, ...extra] = argv;
  if (!flowId || extra.length) throw new Error(usage);
  const url = redisUrl(process.env);
  const probe = connectRedis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await probe.connect().finally(() => probe.disconnect());
  const interrupt = new AbortController();
  process.once('SIGINT', () => interrupt.abort(new Error('Interrupted')));
  return syncCommand(flowId, { ...loadConfig(process.env), redisUrl: url }, (text) => process.stdout.write(text), process.stdout.isTTY === true, interrupt.signal);
}

if (process.argv[1]?.endsWith('scripts/sync.ts')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
