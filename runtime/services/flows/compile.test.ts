import { describe, expect, it } from 'vitest';
import { answerOf, ValidationError } from '../domain-errors.ts';
import { compileFlow, compileForRun } from './compile.ts';
import { catalogue, chain, edge, flowOf, node, trigger } from './testing/flow-fixtures.ts';

const values = { seconds: 1 };

describe('compileFlow', () => {
  it('gives every node its role, inbound edge ids and outbound routes', () => {
    const nodes = [trigger, node('condition_1', 'conditionNode'), node('yes_1', 'waitNode', values), node('no_1', 'waitNode', values), node('join_1', 'apiResponseNode')];
    const edges = [
      edge('e1', 'webhookTrigger_1', 'condition_1'),
      edge('e2', 'condition_1', 'yes_1', 'Condition 1'),
      edge('e3', 'condition_1', 'no_1', 'Else'),
      edge('e4', 'yes_1', 'join_1'),
      edge('e5', 'no_1', 'join_1'),
    ];
    const plan = compileFlow(flowOf(nodes, edges), catalogue);
    expect(plan).toMatchObject({ flowId: 'flow_test', projectId: 'proj_test', version: 3, trigger: 'webhookTrigger_1' });
    expect(Object.keys(plan.nodes)).toEqual(['webhookTrigger_1', 'condition_1', 'yes_1', 'no_1', 'join_1']);
    expect(plan.nodes.webhookTrigger_1).toEqual({
      id: 'webhookTrigger_1',
      type: 'webhookTriggerNode',
      role: 'trigger',
      values: {},
      retries: 0,
      retryDelayMs: 0,
      inbound: [],
      outbound: [{ edgeId: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'condition_1', targetHandle: 'in' }],
    });
    expect(plan.nodes.condition_1.role).toBe('router');
    expect(plan.nodes.condition_1.outbound.map((r) => [r.edgeId, r.sourceHandle, r.target])).toEqual([
      ['e2', 'Condition 1', 'yes_1'],
      ['e3', 'Else', 'no_1'],
    ]);
    expect(plan.nodes.yes_1).toMatchObject({ role: 'normal', values, inbound: ['e2'] });
    expect(plan.nodes.join_1).toMatchObject({ role: 'response', inbound: ['e4', 'e5'], outbound: [] });
    expect(plan.nodes.yes_1.loop).toBeUndefined();
  });

  it('fills in each For Loop: its body, its Loop End, and the loop of each body node', () => {
    const nodes = [trigger, node('forLoop_1', 'forLoopNode'), node('a_1', 'waitNode', values), node('b_1', 'waitNode', values), node('forLoopEnd_1', 'forLoopEndNode'), node('after_1', 'waitNode', values)];
    const plan = compileFlow(flowOf(nodes, chain('webhookTrigger_1', 'forLoop_1', 'a_1', 'b_1', 'forLoopEnd_1', 'after_1')), catalogue);
    expect(plan.nodes.forLoop_1).toMatchObject({ role: 'loopStart', body: ['a_1', 'b_1'], loopEnd: 'forLoopEnd_1' });
    expect(plan.nodes.a_1.loop).toBe('forLoop_1');
    expect(plan.nodes.b_1.loop).toBe('forLoop_1');
    expect(plan.nodes.forLoopEnd_1).toMatchObject({ role: 'loopEnd' });
    expect(plan.nodes.forLoopEnd_1.loop).toBeUndefined();
    expect(plan.nodes.after_1.loop).toBeUndefined();
  });

  it('turns retry seconds into milliseconds, capped at 5 retries and 30 s', () => {
    const nodes = [
      trigger,
      { ...node('a_1', 'waitNode', values), retry: { retries: 2, delay: 1.5 } },
      { ...node('b_1', 'waitNode', values), retry: { retries: 12, delay: 90 } },
    ];
    const plan = compileFlow(flowOf(nodes, chain('webhookTrigger_1', 'a_1', 'b_1')), catalogue);
    expect(plan.nodes.a_1).toMatchObject({ retries: 2, retryDelayMs: 1500 });
    expect(plan.nodes.b_1).toMatchObject({ retries: 5, retryDelayMs: 30_000 });
  });

  it("carries onError 'continue' into the plan; 'stop', the default, is left out", () => {
    const nodes = [trigger, { ...node('a_1', 'waitNode', values), onError: 'continue' as const }, node('b_1', 'waitNode', values)];
    const plan = compileFlow(flowOf(nodes, chain('webhookTrigger_1', 'a_1', 'b_1')), catalogue);
    expect(plan.nodes.a_1.onError).toBe('continue');
    expect(plan.nodes.b_1).not.toHaveProperty('onError');
  });

  it("answers 'No trigger node found!' for a flow without a trigger", () => {
    expect(() => compileFlow(flowOf([node('a_1', 'waitNode', values)], []), catalogue)).toThrow('No trigger node found!');
  });
});

describe('compileForRun', () => {
  it('compiles a runnable flow', () => {
    const flow = flowOf([trigger, node('a_1', 'waitNode', values)], chain('webhookTrigger_1', 'a_1'));
    expect(compileForRun(catalogue)(flow).plan.nodes.a_1.inbound).toEqual(['e1']);
  });

  it('finds the trigger and the response nodes once, with the plan', () => {
    const response = (id: string) => node(id, 'apiResponseNode', { outputMapping: [{ key: 'k', value: 'v' }] });
    const flow = flowOf(
      [trigger, node('a_1', 'waitNode', values), response('apiResponse_1'), response('apiResponse_2')],
      [...chain('webhookTrigger_1', 'a_1', 'apiResponse_1'), edge('e9', 'a_1', 'apiResponse_2')],
    );
    const compiled = compileForRun(catalogue)(flow);
    expect(compiled.trigger).toBe(compiled.plan.nodes.webhookTrigger_1);
    expect(compiled.responses).toEqual(['apiResponse_1', 'apiResponse_2']);
  });

  it('refuses missing values and structural problems alike with a 400 naming each', () => {
    const flow = flowOf([trigger, node('api_1', 'apiNode'), node('x_1', 'noSuchNode')], chain('webhookTrigger_1', 'api_1'));
    let error: unknown;
    try {
      compileForRun(catalogue)(flow);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(answerOf(error)).toEqual({
      status: 400,
      code: 'invalid_flow',
      message: "The flow cannot run: Node x_1 has an unknown node type 'noSuchNode'; api_1: URL is required",
      details: { details: ["Node x_1 has an unknown node type 'noSuchNode'", 'api_1: URL is required'] },
    });
  });
});
