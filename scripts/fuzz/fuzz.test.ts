/**
 * The bad-input sweep's short form (`npm run fuzz` is the whole one): every route with the first
 * bad bodies, every node field with the first bad values. No failure: every answer below 500
 * with a message when refused, the server up, the kept data unchanged, every node run ending in
 * an output or a NodeError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { sweepNodes } from './node-sweep.ts';
import { reportLines } from './report.ts';
import { sweepRoutes } from './route-sweep.ts';
import { seed } from './seed.ts';

let weft: TestWeft;
beforeAll(async () => {
  weft = await startTestWeft();
});
afterAll(() => weft?.close());

describe('the bad-input sweep (short)', () => {
  it('walks every route with malformed, wrong, huge, deep, unicode and prototype-key bodies', async () => {
    expect(weft.routes.length).toBeGreaterThan(60);
    const report = await sweepRoutes(weft.url, weft, weft.routes, await seed(weft), { bodies: 7 });
    expect(report.tried.size).toBeGreaterThan(60);
    expect(report.failures, reportLines('routes', report).join('\n')).toEqual([]);
  }, 180_000);

  it('runs every node with each field set to bad values', async () => {
    const report = await sweepNodes({ values: 3 });
    expect(report.tried.size).toBeGreaterThan(50);
    expect(report.failures, reportLines('nodes', report).join('\n')).toEqual([]);
  }, 180_000);
});
