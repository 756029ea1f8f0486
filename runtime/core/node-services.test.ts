/**
 * The node runner hands a node the services its definition declares, built by their providers
 * for its project, and nothing else; a declared service the process lacks fails the node with
 * that service's text.
 */
import { describe, expect, it } from 'vitest';
import type { Activation } from '../../actors/engine-types.ts';
import { defineNode } from '../../catalogue/define-node.ts';
import type { NodeDefinition } from '../../catalogue/types.ts';
import { serviceUrlsFrom } from '../../catalogue/service-urls.ts';
import { createNodeRunner } from './node-runner.ts';
import { AllowList } from '../services/outbound/address-policy.ts';
import { Outbound } from '../services/outbound/client.ts';
import type { ServiceProviders } from './node-services.ts';

const definition = {
  name: 'hookCaller', label: 'Hook caller', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: 'Calls a flow as its webhook',
  icon: 'code', docs: '/docs/nodes/hookCaller', services: ['hooks'], inputs: [], outputs: [],
} as const satisfies NodeDefinition;

const node = defineNode(definition, async (_values, ctx) => {
  // what the node sees: exactly its declared services
  const seen = Object.keys(ctx.services);
  const { runId } = await ctx.services.hooks.call('flow_sink', { from: ctx.nodeId });
  return { output: { seen, runId } };
});

function runnerWith(services: ServiceProviders) {
  return createNodeRunner({
    nodes: (type) => (type === definition.name ? node : undefined),
    planOf: async () => { throw new Error('no flows here'); },
    credentialsOf: () => ({ get: async (name) => { throw new Error(`No credentials found for ${name}`); } }),
    outbound: new Outbound({ allow: new AllowList([]) }),
    serviceUrls: serviceUrlsFrom({}),
    services,
  });
}

const activation = {
  runId: 'run_1', actor: 'caller_1', attempt: 1, signal: new AbortController().signal,
  node: { id: 'caller_1', type: definition.name, values: {} },
  meta: { flowId: 'flow_1', projectId: 'project_1', mode: 'test', trigger: 'trigger_1', input: {} },
  outputs: async () => ({}),
  progress: async () => {},
  startChild: async () => 'child',
} as unknown as Activation;

describe('node services', () => {
  it('builds a declared service for the node’s project, and only the declared ones', async () => {
    const calls: string[] = [];
    const run = runnerWith({
      hooks: ({ projectId }) => ({ call: async (flowId) => (calls.push(`${projectId}:${flowId}`), { runId: 'run_sink' }) }),
      smtp: () => { throw new Error('an undeclared service is never built'); },
    });
    const result = await run(activation);
    expect(result.output).toEqual({ seen: ['hooks'], runId: 'run_sink' });
    expect(calls).toEqual(['project_1:flow_sink']);
  });

  it('fails a node reading a declared service this process does not provide, with its text', async () => {
    await expect(runnerWith({})(activation)).rejects.toMatchObject({ message: 'flows are called as webhooks only where the weft server runs', kind: 'unexpected' });
  });
});
