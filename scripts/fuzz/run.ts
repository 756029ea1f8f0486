/**
 * @module scripts/fuzz/run — `npm run fuzz`: the whole bad-input sweep (every route with every
 * bad body, every node field with every bad value) against a weft on its own Redis, printing
 * the counts by route and node and every failure; exit 1 when any. `npm test` runs a short form
 * (scripts/fuzz/fuzz.test.ts).
 */
import setupRedis from '../test-redis.ts';
import { startTestWeft } from '../../runtime/testing/test-weft.ts';
import { sweepNodes } from './node-sweep.ts';
import { reportLines } from './report.ts';
import { sweepRoutes } from './route-sweep.ts';
import { seed } from './seed.ts';

const stopRedis = await setupRedis();
const weft = await startTestWeft();
try {
  const routes = await sweepRoutes(weft.url, weft, weft.routes, await seed(weft));
  const nodes = await sweepNodes();
  for (const line of [...reportLines('routes', routes), ...reportLines('nodes', nodes)]) console.log(line);
  const failures = routes.failures.length + nodes.failures.length;
  console.log(`fuzz: ${[...routes.tried.values(), ...nodes.tried.values()].reduce((a, b) => a + b, 0)} inputs, ${failures} failures, 0 process crashes`);
  process.exitCode = failures ? 1 : 0;
} finally {
  await weft.close();
  await stopRedis?.();
}
