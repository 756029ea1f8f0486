/**
 * @module scripts/chaos/weft-process — one weft process for the chaos suite, configured by the
 * environment like `npm start` (WEFT_ROLE server or worker, REDIS_URL, WEFT_OUTBOUND_ALLOW…) but
 * without starting Redis, building the studio or seeding the demo. Prints `ready <url>` once it
 * serves; SIGTERM closes it. SIGUSR2 prints `memory <process.memoryUsage() JSON>` after a full
 * garbage collection (the cluster starts it with --expose-gc), for the soak's before and after.
 */
import { loadConfig } from '../../runtime/config.ts';
import { startWeft } from '../../runtime/server.ts';

const config = loadConfig(process.env);
if (!config.redisUrl) throw new Error('weft-process: REDIS_URL is not set');
const weft = await startWeft({ ...config, redisUrl: config.redisUrl });
console.log(`ready ${weft.url || config.role}`);
process.once('SIGTERM', () => {
  void weft.close().then(() => process.exit(0));
});
process.on('SIGUSR2', () => {
  (globalThis as { gc?: () => void }).gc?.();
  console.log(`memory ${JSON.stringify(process.memoryUsage())}`);
});
