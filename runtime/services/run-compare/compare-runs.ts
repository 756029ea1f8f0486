/**
 * @module runtime/services/run-compare/compare-runs — two run snapshots side by side, node by
 * node (contract/run-compare.ts): each one's state, duration, tokens and cost (from the output's
 * `_meta`, as the run logs count them) and the diff of their outputs. Pure.
 */
import type { ComparedNode, NodeComparison, RunComparison } from '../../../contract/run-compare.ts';
import type { ActorSnapshot, RunSnapshot } from '../../../contract/runs.ts';
import { tokenUsageOf } from '../../../contract/token-usage.ts';
import { isSame, outputDiff } from './output-diff.ts';

function compared(node: ActorSnapshot): ComparedNode {
  const { tokenUsage, cost } = tokenUsageOf([node.output]);
  return {
    state: node.state,
    ...(node.durationMs !== undefined ? { durationMs: node.durationMs } : {}),
    tokens: tokenUsage.totalTokens,
    cost,
    ...(node.error ? { error: node.error } : {}),
  };
}

const head = ({ runId, status, startedAt, finishedAt, rerunOf }: RunSnapshot) => ({ runId, status, startedAt, ...(finishedAt !== undefined ? { finishedAt } : {}), ...(rerunOf ? { rerunOf } : {}) });

function totals(nodes: (ComparedNode | undefined)[], run: RunSnapshot) {
  const present = nodes.filter((n) => n !== undefined);
  return {
    tokens: present.reduce((sum, n) => sum + n.tokens, 0),
    cost: present.reduce((sum, n) => sum + n.cost, 0),
    ...(run.finishedAt !== undefined ? { durationMs: run.finishedAt - run.startedAt } : {}),
  };
}

/** Every node either run recorded, in `a`'s order, then those only `b` has. */
export function compareRuns(a: RunSnapshot, b: RunSnapshot): RunComparison {
  const ids = [...new Set([...Object.keys(a.nodes), ...Object.keys(b.nodes)])];
  const nodes: NodeComparison[] = ids.map((nodeId) => {
    const [left, right] = [a.nodes[nodeId], b.nodes[nodeId]];
    const diff = outputDiff(left?.output, right?.output);
    return { nodeId, ...(left ? { a: compared(left) } : {}), ...(right ? { b: compared(right) } : {}), diff, same: isSame(diff) };
  });
  return { a: head(a), b: head(b), nodes, totals: { a: totals(nodes.map((n) => n.a), a), b: totals(nodes.map((n) => n.b), b) } };
}
