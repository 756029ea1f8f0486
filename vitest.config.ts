import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{actors,catalogue,runtime,editor,widgets,scripts}/**/*.test.{ts,tsx}'],
    globalSetup: ['./scripts/test-redis.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
