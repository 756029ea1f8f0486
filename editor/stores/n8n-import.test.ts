import { describe, expect, it } from 'vitest';
import { n8nWorkflowIn } from './n8n-import.ts';

describe('recognising a pasted n8n workflow', () => {
  const workflow = { nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook', parameters: {} }], connections: {} };

  it('takes a workflow or a copy of n8n nodes, by their n8n types', () => {
    expect(n8nWorkflowIn(JSON.stringify(workflow))).toEqual(workflow);
    const copied = { nodes: [{ name: 'Agent', type: '@n8n/n8n-nodes-langchain.agent' }], connections: {}, pinData: {} };
    expect(n8nWorkflowIn(`  ${JSON.stringify(copied)}\n`)).toEqual(copied);
  });

  it.each([
    ['text', 'hello n8n'],
    ['JSON that is not an object', '["n8n-nodes-base.set"]'],
    ['broken JSON', '{"nodes": [ n8n'],
    ['a weft flow', JSON.stringify({ nodes: [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode' }], edges: [], note: 'n8n' })],
    ['nodes of no n8n type', JSON.stringify({ nodes: [{ type: 'custom.n8n' }], connections: {} })],
    ['no connections', JSON.stringify({ nodes: workflow.nodes })],
  ])('leaves %s alone', (_, text) => {
    expect(n8nWorkflowIn(text)).toBeNull();
  });
});
