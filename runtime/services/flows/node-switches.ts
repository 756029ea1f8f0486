/**
 * @module runtime/services/flows/node-switches — a node's two switches beside its values: `disabled`
 * (skipped in every run) and `pinned` (its output handed on instead of running it, in test runs).
 * Reading them on save (a malformed one is a problem) and what a node of some role may not be
 * (a warning: the draft saves, Run and Deploy refuse it).
 */
import type { NodeRole } from '../../../actors/types.ts';
import { MAX_PINNED_BYTES, type FlowNode, type PinnedOutput } from '../../../contract/flow-document.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `disabled` as stored: true, or absent (false is the default). Null: it was not a boolean (a problem is pushed). */
export function readDisabled(id: string, disabled: unknown, problems: string[]): true | undefined | null {
  if (disabled === undefined || disabled === null || disabled === false) return undefined;
  if (disabled === true) return true;
  return problems.push(`Node ${id}: disabled must be true or false`), null;
}

/** `pinned` as stored: {output, pinnedAt, runId?}, or absent. Null: malformed or too large (a problem is pushed). */
export function readPinned(id: string, pinned: unknown, problems: string[]): PinnedOutput | undefined | null {
  if (pinned === undefined || pinned === null) return undefined;
  if (!isObject(pinned) || !('output' in pinned)) {
    return problems.push(`Node ${id}: pinned must be an object {output, pinnedAt, runId?}`), null;
  }
  const bytes = Buffer.byteLength(JSON.stringify(pinned.output ?? null), 'utf8');
  if (bytes > MAX_PINNED_BYTES) {
    return problems.push(`Node ${id}: the pinned output is ${bytes} bytes; at most 1 MB (${MAX_PINNED_BYTES} bytes) can be pinned`), null;
  }
  const pinnedAt = Number(pinned.pinnedAt);
  return {
    output: pinned.output ?? null,
    pinnedAt: Number.isFinite(pinnedAt) && pinnedAt > 0 ? pinnedAt : 0,
    ...(typeof pinned.runId === 'string' && pinned.runId ? { runId: pinned.runId } : {}),
  };
}

/** Read both switches onto `node`; false when one is malformed (its problem is pushed). */
export function readSwitches(node: FlowNode, raw: Record<string, unknown>, problems: string[]): boolean {
  const disabled = readDisabled(node.id, raw.disabled, problems);
  const pinned = readPinned(node.id, raw.pinned, problems);
  if (disabled === null || pinned === null) return false;
  if (disabled) node.disabled = disabled;
  if (pinned) node.pinned = pinned;
  return true;
}

/**
 * What a node of `role` may not be switched to, as warnings naming it: a run needs its trigger,
 * a loop's end runs once per iteration (disable its For Loop instead), and a router's or a loop
 * node's branches are chosen when it runs, which an output alone does not say.
 */
export function switchWarnings(node: FlowNode, role: NodeRole): string[] {
  const warnings: string[] = [];
  if (node.disabled && role === 'trigger') warnings.push(`${node.id}: The trigger cannot be disabled`);
  if (node.disabled && role === 'loopEnd') warnings.push(`${node.id}: A Loop End cannot be disabled; disable its For Loop instead`);
  if (node.pinned && (role === 'router' || role === 'loopStart' || role === 'loopEnd')) {
    warnings.push(`${node.id}: The output of a node that chooses its branches or loops cannot be pinned; unpin it`);
  }
  return warnings;
}
