/**
 * @module runtime/integrations/sync/testing/sync-crash-worker — a weft process (server and workers) with the
 * test list source, for the sync crash tests to SIGKILL mid-sync. REDIS_URL and WEFT_PREFIX name
 * the test's Redis and keys, WEFT_OUTBOUND_ALLOW the loopback peers it may reach (a test's
 * database); the sync lock and the job lock are short so another worker resumes soon.
 */
import { startWeft } from '../../../server.ts';
import { testSecret } from '../../../testing/test-secret.ts';
import { listSourceNode, listSourceReader } from './list-source.ts';

await startWeft({
  redisUrl: process.env.REDIS_URL!,
  prefix: process.env.WEFT_PREFIX!,
  port: 0,
  host: '127.0.0.1',
  role: 'all',
  concurrency: 4,
  // a short job lock: the activations the killed process held are taken over within seconds, not 30 s
  lockDurationMs: 2000,
  // the test's server secret, as the test's other weft processes have it
  secret: testSecret(),
  extraNodes: [listSourceNode],
  extraSourceReaders: [listSourceReader],
  outboundAllow: (process.env.WEFT_OUTBOUND_ALLOW ?? '').split(',').filter(Boolean),
  sync: { lockMs: Number(process.env.WEFT_SYNC_LOCK_MS ?? 1500) },
});
process.stdout.write('ready\n');
