/** Pro-only fields (model attachments) on the starter plan: refused at save, deploy and run, through the whole server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../../testing/sse-client.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
beforeAll(async () => {
  weft = await startTestWeft();
});
afterAll(() => weft?.close());

const REFUSED = "llm_1: Attachments: pro features need a paid plan, and this project's organisation is on the starter plan";
const trigger = { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} };
const llm = (attachments: unknown) => ({
  id: 'llm_1',
  type: 'generateTextNode',
  position: { x: 0, y: 0 },
  values: { prompts: [{ role: 'user', content: 'What is on it?' }], attachments },
});
const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'llm_1', targetHandle: 'in' }];

describe('pro-only fields', () => {
  it('are refused for a starter-plan project at save, deploy and run, and allowed on a paid plan', async () => {
    const builder = await weft.createUser({ name: 'Starter builder' });
    const project = (await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Pro fields' })).id;
    const create = (attachments: unknown) => builder.request('POST', `/api/projects/${project}/flows`, { name: 'vision', nodes: [trigger, llm(attachments)], edges });

    const refused = await create(['https://example.com/a.png']);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: REFUSED, code: 'pro_required', details: ['llm_1: Attachments'] } });
    // empty attachments (the default, or their JSON text) use nothing pro
    for (const empty of [[], '[]', '']) expect((await create(empty)).status).toBe(201);
    const flow = (await (await create([])).json()) as { id: string };
    const save = (attachments: unknown) => builder.request('PUT', `/api/flows/${flow.id}`, { nodes: [trigger, llm(attachments)], edges });
    expect((await save('["https://example.com/a.png"]')).status).toBe(403);

    await weft.accounts.organisations.update(builder.organisation.id, { plan: 'team' });
    expect((await save(['https://example.com/a.png'])).status).toBe(200);
    expect((await builder.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'inactive' })).status).toBe(200);

    // back on the starter plan, the stored flow can neither go live nor run
    await weft.accounts.organisations.update(builder.organisation.id, { plan: 'starter' });
    const deploy = await builder.request('POST', `/api/flows/${flow.id}/deploy`, { status: 'active' });
    expect(deploy.status).toBe(403);
    expect(((await deploy.json()) as { error: { message: string } }).error.message).toBe(REFUSED);
    const { runId } = await builder.api<{ runId: string }>('POST', `/api/flows/${flow.id}/runs`, { input: {} });
    const events = await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: builder.headers });
    expect(events.at(-1)).toMatchObject({ type: 'run.failed' });
    const snapshot = await builder.api<{ status: string; nodes: Record<string, { state: string; error?: string }> }>('GET', `/api/runs/${runId}`);
    expect(snapshot.status).toBe('failed');
    expect(JSON.stringify(snapshot)).toContain("Attachments: pro features need a paid plan, and this project's organisation is on the starter plan");
  });
});
