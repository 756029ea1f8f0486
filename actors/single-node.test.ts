/** One node run alone: the plan cut down to it and the nodes before it, and the seed of pasted outputs. */
import { describe, expect, it } from 'vitest';
import { RerunRefusal } from './rerun-scope.ts';
import { pastedSeed, singleNodePlan } from './single-node.ts';
import { buildPlan } from './testing/plan-builder.ts';

const join = buildPlan(
  { trigger_1: { role: 'trigger' }, a_1: {}, b_1: { pinned: { output: { pin: 1 } } }, j_1: { pinned: { output: 'own pin' } }, after_1: {}, side_1: {} },
  ['trigger_1->a_1', 'trigger_1->b_1', 'a_1->j_1', 'b_1->j_1', 'j_1->after_1', 'trigger_1->side_1'],
);

describe('singleNodePlan', () => {
  it('keeps the node and every node before it; cuts its routes, the routes leaving the set and its own pin', () => {
    const alone = singleNodePlan(join, 'j_1');
    expect(Object.keys(alone.nodes).sort()).toEqual(['a_1', 'b_1', 'j_1', 'trigger_1']);
    expect(alone.nodes.j_1.outbound).toEqual([]);
    expect(alone.nodes.j_1.pinned).toBeUndefined();
    expect(alone.nodes.b_1.pinned).toEqual({ output: { pin: 1 } });
    expect(alone.nodes.trigger_1.outbound.map((r) => r.target).sort()).toEqual(['a_1', 'b_1']);
    expect(alone.nodes.j_1.inbound).toEqual(join.nodes.j_1.inbound);
  });

  it('keeps a loop node with its body and loop end; refuses a node inside the body', () => {
    const loop = buildPlan(
      { trigger_1: { role: 'trigger' }, loop_1: { role: 'loopStart' }, body_1: {}, end_1: { role: 'loopEnd' }, after_1: {} },
      ['trigger_1->loop_1', 'loop_1->body_1', 'body_1->end_1', 'end_1->after_1'],
    );
    const alone = singleNodePlan(loop, 'loop_1');
    expect(Object.keys(alone.nodes).sort()).toEqual(['body_1', 'end_1', 'loop_1', 'trigger_1']);
    expect(alone.nodes.end_1.outbound).toEqual([]);
    expect(() => singleNodePlan(loop, 'body_1')).toThrow(new RerunRefusal('nodeId', "nodeId: 'body_1' is inside the loop 'loop_1'; run the loop node"));
  });
});

describe('pastedSeed', () => {
  it('completes the nodes before it with the pasted outputs, else their pins, else null, and fills its mailbox and join', () => {
    const seed = pastedSeed(singleNodePlan(join, 'j_1'), 'j_1', { a_1: { v: 'pasted' } });
    expect(seed.actors).toEqual({ trigger_1: 'completed', a_1: 'completed', b_1: 'completed' });
    expect(seed.outputs).toEqual({ trigger_1: 'null', a_1: '{"v":"pasted"}', b_1: '{"pin":1}' });
    expect(seed.mailboxes.j_1.map((m) => [m.from, m.payload])).toEqual([[{ nodeId: 'a_1', port: 'out' }, { v: 'pasted' }], [{ nodeId: 'b_1', port: 'out' }, { pin: 1 }]]);
    expect(seed.joins.j_1).toEqual({ e3: 'data:1', e4: 'data:1' });
    expect(seed.meta).toEqual({ singleNode: 'j_1' });
  });

  it('refuses an output for a node that is not before it, naming the field', () => {
    expect(() => pastedSeed(singleNodePlan(join, 'a_1'), 'a_1', { b_1: {} })).toThrow("input.b_1: 'b_1' is not a node before 'a_1'");
  });
});
