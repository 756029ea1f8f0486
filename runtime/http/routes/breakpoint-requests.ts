/**
 * @module runtime/http/routes/breakpoint-requests — the bodies of the breakpoint routes
 * (docs/debugging.md#breakpoints), checked: a 400 names the field at fault.
 */
import type { DebugAction } from '../../../actors/engine.ts';
import { conditionProblem } from '../../../catalogue/breakpoint-condition.ts';
import type { Breakpoint } from '../../../contract/runs.ts';
import { HttpError } from '../errors.ts';

const fault = (message: string) => new HttpError(400, 'invalid_request', message);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `breakpoints: [{edge, condition?}]`, each edge one of `edges` (the flow's, or the run's frozen plan's). */
export function breakpointsOf(value: unknown, edges: Set<string>): Breakpoint[] {
  if (!Array.isArray(value)) throw fault('breakpoints: a list of {edge, condition?}');
  const seen = new Set<string>();
  return value.map((entry: unknown, i) => {
    const at = `breakpoints[${i}]`;
    if (!isObject(entry)) throw fault(`${at}: an object {edge, condition?}`);
    const { edge, condition } = entry;
    if (typeof edge !== 'string' || edge === '') throw fault(`${at}.edge: an edge id is required`);
    if (!edges.has(edge)) throw fault(`${at}.edge: no edge '${edge}' in the flow`);
    if (seen.has(edge)) throw fault(`${at}.edge: '${edge}' has a breakpoint already`);
    seen.add(edge);
    if (condition === undefined || condition === '') return { edge };
    const problem = conditionProblem(condition);
    if (problem) throw fault(`${at}.condition: ${problem}`);
    return { edge, condition: condition as string };
  });
}

/** `POST /api/runs/:runId/debug`'s body: the action and, for step and continue, a message replacing the held one. */
export function debugRequest(body: unknown): { action: DebugAction; message?: { value: unknown } } {
  if (!isObject(body)) throw fault("The body must be a JSON object {action, message?}");
  const { action } = body;
  if (action !== 'step' && action !== 'continue' && action !== 'abort') throw fault("action: 'step', 'continue' or 'abort'");
  if (!('message' in body)) return { action };
  if (action === 'abort') throw fault('message: only step and continue deliver a message');
  return { action, message: { value: body.message } };
}
