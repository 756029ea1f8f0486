/**
 * @module runtime/testing/slow-webhook — a flow that keeps its realtime caller waiting: a public
 * webhook → wait `seconds` → API response (`{out: 'done'}`), deployed in a new project of the
 * signed-in client. For the tests of what happens to callers while they wait (shutdown, load
 * shedding).
 */
import type { SignedInClient } from './session-client.ts';

const at = { x: 0, y: 0 };
const edge = (id: string, source: string, target: string) => ({ id, source, sourceHandle: 'out', target, targetHandle: 'in' });

/** The deployed flow's id. */
export async function deploySlowWebhook(client: SignedInClient, options: { project: string; seconds: number }): Promise<string> {
  const projectId = (await client.api<{ id: string }>('POST', '/api/projects', { name: options.project })).id;
  const { id } = await client.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
    name: 'slow answer',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: { public: true } },
      { id: 'wait_1', type: 'waitNode', position: at, values: { seconds: options.seconds } },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'out', value: 'done' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'wait_1'), edge('e2', 'wait_1', 'apiResponse_1')],
  });
  await client.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
  return id;
}
