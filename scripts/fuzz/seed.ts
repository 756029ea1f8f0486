/** @module scripts/fuzz/seed — what the route sweep reads (kept) and writes to (scratch): a project each, with a flow, a credential and a run. */
import type { TestWeft } from '../../runtime/testing/test-weft.ts';
import type { Seeded, SeededIds } from './route-sweep.ts';

const flow = {
  name: 'Echo',
  nodes: [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 300, y: 0 }, values: { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] } },
  ],
  edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }],
};

async function seededProject(weft: TestWeft, name: string, organisationId: string): Promise<SeededIds> {
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name, organisationId })).id;
  const flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow)).id;
  await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
  const credentialId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/credentials`, { name: 'crawler', credential_type: 'crawlService', credentials: { apiKey: 'fc-secret-key-1234' } })).id;
  const runId = (await weft.api<{ runId: string }>('POST', `/api/flows/${flowId}/runs`, { input: { n: 1 } })).runId;
  return { projectId, flowId, credentialId, runId, organisationId };
}

export async function seed(weft: TestWeft): Promise<Seeded> {
  const scratchOrganisation = (await weft.api<{ id: string }>('POST', '/api/organisations', { name: 'Scratch' })).id;
  return { kept: await seededProject(weft, 'Kept', weft.admin.organisation.id), scratch: await seededProject(weft, 'Scratch', scratchOrganisation) };
}
