/** The demo flow "Grade a score (condition)" ships with a small suite of tests, and it passes. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SuiteRun } from '../../contract/flow-tests.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { seedDemo } from './seed.ts';

let weft: TestWeft;
beforeAll(async () => {
  weft = await startTestWeft();
});
afterAll(async () => {
  await weft?.close();
});

it('seeds the demo suite, which passes', async () => {
  const seeded = await seedDemo(weft.url, weft.headers);
  const flowId = seeded!.ids['Grade a score (condition)'];
  const { suiteRunId } = await weft.api<{ suiteRunId: string }>('POST', `/api/flows/${flowId}/tests/run`, {});
  let suite = await weft.api<SuiteRun>('GET', `/api/flows/${flowId}/tests/runs/${suiteRunId}`);
  for (let i = 0; i < 300 && suite.status !== 'completed'; i++) {
    await new Promise((ok) => setTimeout(ok, 100));
    suite = await weft.api<SuiteRun>('GET', `/api/flows/${flowId}/tests/runs/${suiteRunId}`);
  }
  expect(suite.cases.map((c) => [c.name, c.status, c.error])).toEqual([['72 passes', 'passed', undefined], ['12 fails', 'passed', undefined], ['50 is the bar', 'passed', undefined]]);
  expect(suite).toMatchObject({ status: 'completed', total: 3, passed: 3, failed: 0 });
});
