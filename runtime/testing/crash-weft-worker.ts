/**
 * @module runtime/testing/crash-weft-worker — a worker-only weft process for crash tests
 * to SIGKILL: the test's server (role 'server') and this worker share the Redis and prefix
 * (WEFT_PREFIX); WEFT_OUTBOUND_ALLOW lists the loopback servers its nodes may call; an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_ENDPOINT) has it export traces.
 */
import { startWeft } from '../server.ts';
import { testSecret } from './test-secret.ts';

await startWeft({
  redisUrl: process.env.REDIS_URL!,
  prefix: process.env.WEFT_PREFIX!,
  role: 'worker',
  concurrency: 4,
  lockDurationMs: 2000,
  // the test's server secret, as the test's server has it
  secret: testSecret(),
  outboundAllow: (process.env.WEFT_OUTBOUND_ALLOW ?? '').split(',').filter(Boolean),
  // OTEL_EXPORTER_OTLP_ENDPOINT set: its spans join the server's traces (runtime/services/tracing/traces.test.ts)
  traces: Boolean(process.env.OTEL_EXPORTER_OTLP_ENDPOINT),
});
process.stdout.write('ready\n');
