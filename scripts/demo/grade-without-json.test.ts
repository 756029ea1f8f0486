/**
 * @module scripts/demo/grade-without-json.test — the Grade demo called as a terminal user
 * first tries it, `curl -d '{"score": 72}'` without a JSON content type: the body is not read,
 * and the 422 names the trigger field the flow missed (`score`), not only 'Value is null'.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { demoFlows } from './seed.ts';

let weft: TestWeft;
let flowId = '';

beforeAll(async () => {
  weft = await startTestWeft();
  const { id: projectId } = await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Demo' });
  const { name, nodes, edges } = demoFlows().find((flow) => flow.name.startsWith('Grade a score'))!;
  flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name, nodes, edges })).id;
  await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
});
afterAll(() => weft?.close());

it('answers a body sent as a form (curl’s default) with a 422 naming the missing trigger field score', async () => {
  const answer = await fetch(`${weft.url}/hook/${flowId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '{"score": 72}' });
  expect(answer.status).toBe(422);
  expect(await answer.json()).toMatchObject({
    error: { message: "Value is null: {{trigger.output.score}} resolved to nothing (trigger has no output field 'score')", nodeId: 'failed_1' },
  });
});

it('answers the same body sent as JSON', async () => {
  const answer = await fetch(`${weft.url}/hook/${flowId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"score": 72}' });
  expect(await answer.json()).toEqual({ verdict: 'passed', score: 72 });
});
