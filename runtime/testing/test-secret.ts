/**
 * @module runtime/testing/test-secret — the test run's server secret (WEFT_SECRET, which
 * scripts/test-redis.ts sets for every test process and the processes they start), read as
 * runtime/config.ts reads it: a weft a test starts encrypts under it and writes no secret file.
 */
import { loadConfig } from '../config.ts';

export function testSecret() {
  return loadConfig({ WEFT_SECRET: process.env.WEFT_SECRET }).secret;
}
