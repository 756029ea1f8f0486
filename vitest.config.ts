import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{actors,catalogue,contract,runtime,editor,widgets,scripts}/**/*.test.{ts,tsx}'],
    // first what the run needs from the machine (redis-server, Chromium, PostgreSQL for the Postgres tests), then the test Redis
    globalSetup: ['./scripts/test-packages.ts', './scripts/test-postgres.ts', './scripts/test-redis.ts'],
    // in each test process: the node test harness's outbound client (catalogue/ does not import runtime/)
    setupFiles: ['./runtime/testing/harness-outbound.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // two test processes on this 2-core machine: 683 s against 1,458 s serial (docs/performance-log.md)
    maxWorkers: 2,
    // graphql ships CommonJS (main) and ESM (module) builds. Node loads graphql-http's own
    // `import 'graphql'` as the CommonJS one while Vite gives our code the ESM one, and graphql
    // refuses a schema "from another module or realm": let Vite load graphql-http as well.
    server: { deps: { inline: ['graphql-http'] } },
  },
});
