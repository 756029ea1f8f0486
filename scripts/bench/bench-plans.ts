/**
 * @module scripts/bench/bench-plans — the plans the engine benchmarks run (built with the
 * engine's own test plan builder, no catalogue) and a no-op executor for them.
 */
import type { ExecuteFn } from '../../actors/engine-types.ts';
import { buildPlan } from '../../actors/testing/plan-builder.ts';
import type { Plan } from '../../actors/types.ts';

type Nodes = Parameters<typeof buildPlan>[0];

/** trigger_1 → n_1 → … → n_(length-1): `length` nodes in all. */
export function chainPlan(length: number, flowId = 'bench_chain'): Plan {
  const nodes: Nodes = { trigger_1: { role: 'trigger' } };
  const edges: string[] = [];
  for (let i = 1; i < length; i++) {
    nodes[`n_${i}`] = {};
    edges.push(`${i === 1 ? 'trigger_1' : `n_${i - 1}`}->n_${i}`);
  }
  return buildPlan(nodes, edges, flowId);
}

/** trigger_1 → n_1…n_width → join_1: `width + 2` nodes. */
export function fanInPlan(width: number, flowId = 'bench_fan'): Plan {
  const nodes: Nodes = { trigger_1: { role: 'trigger' }, join_1: {} };
  const edges: string[] = [];
  for (let i = 1; i <= width; i++) {
    nodes[`n_${i}`] = {};
    edges.push(`trigger_1->n_${i}`, `n_${i}->join_1`);
  }
  return buildPlan(nodes, edges, flowId);
}

/** The chain's node ids in order (for reading hops). */
export const chainOrder = (length: number): string[] => ['trigger_1', ...Array.from({ length: length - 1 }, (_, i) => `n_${i + 1}`)];

/** Executes nothing: the trigger hands on the run input, every other node `{ok: true}`. */
export const noopExecute: ExecuteFn = async (a) => ({ output: a.node.role === 'trigger' ? a.meta.input : { ok: true } });
