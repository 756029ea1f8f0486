/**
 * The harness runs a node through the runner's own step: what the node hands back has the
 * secrets it read masked, a pro-only field is refused for a starter-plan project, and the node
 * sees only the services it declares.
 */
import { describe, expect, it } from 'vitest';
import { defineNode } from '../define-node.ts';
import type { NodeDefinition } from '../types.ts';
import { nodeFailure, runNode, testContext } from './node-harness.ts';

const definition = {
  name: 'echoSecret', label: 'Echo secret', type: 'dynamicNode', category: 'Logic', status: 'Enabled', description: 'Says what it read',
  icon: 'code', docs: '/docs/nodes/echoSecret', services: ['hooks'],
  inputs: [
    { name: 'credentials', label: 'Credential', type: 'credential', required: true },
    { name: 'attachments', label: 'Attachments', type: 'list', isPro: true },
  ],
  outputs: [],
} as const satisfies NodeDefinition;

const node = defineNode(definition, async (values, ctx) => {
  const { apiKey, hostUrl } = await ctx.credentials.get(values.credentials);
  await ctx.progress(`calling ${hostUrl} with ${String(apiKey)}`);
  if (values.attachments?.length === 2) throw new Error(`refused key ${String(apiKey)}`);
  return { output: { said: `key ${String(apiKey)} at ${hostUrl}`, services: Object.keys(ctx.services) } };
});

const credentials = { get: async () => ({ apiKey: 'sk-harness-secret-123', hostUrl: 'https://api.example' }) };
const hooks = { call: async () => ({ runId: 'run_x' }) };

describe('runNode', () => {
  it('masks the secrets the node read in its output and progress, and hands it only its declared services', async () => {
    const ctx = testContext({ credentials, services: { hooks, smtp: { send: async () => Promise.reject(new Error('x')), verify: async () => ({ encryption: 'STARTTLS' as const }) } } });
    const { output } = await runNode(node, { credentials: 'c' }, ctx);
    expect(output).toEqual({ said: 'key •••• at https://api.example', services: ['hooks'] });
    expect(ctx.progressed).toEqual(['calling https://api.example with ••••']);
  });

  it('masks them in the error it fails with', async () => {
    const failure = await runNode(node, { credentials: 'c', attachments: ['a', 'b'] }, testContext({ credentials, services: { hooks } })).catch((e: Error) => e);
    expect((failure as Error).message).toBe('refused key ••••');
  });

  it('refuses a pro-only field for a starter-plan project, naming it', async () => {
    const failure = await nodeFailure(runNode(node, { credentials: 'c', attachments: ['a'] }, testContext({ credentials, starterPlan: true })));
    expect(failure.message).toBe("Attachments: pro features need a paid plan, and this project's organisation is on the starter plan");
    expect(failure.kind).toBe('user');
  });
});
