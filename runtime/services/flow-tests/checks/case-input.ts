/**
 * @module runtime/services/flow-tests/checks/case-input — a test case as a request sends it, read
 * strictly: anything malformed is a ValidationError naming the case and the field
 * (`Test case 'refund': checks[1].pattern is not a regular expression: …`).
 */
import { CHECK_KINDS, type Check, type CheckKind, type TestCaseInput } from '../../../../contract/flow-tests.ts';
import { ValidationError } from '../../domain-errors.ts';
import { regexFault } from './regex.ts';
import { schemaFault } from './schema.ts';

export const MAX_CASE_NAME = 200;
export const MAX_CHECKS = 50;
export const MAX_RUBRIC = 4000;
/** a case's JSON text (input, checks and pins), UTF-8 bytes */
export const MAX_CASE_BYTES = 1024 * 1024;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const optionalNumber = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));

/** Fields each kind takes besides `kind`, `node` and `path`, and what is wrong with each. */
function kindFaults(kind: CheckKind, check: Record<string, unknown>, at: string): string[] {
  const faults: string[] = [];
  const need = (ok: boolean, field: string, what: string) => ok || faults.push(`${at}.${field} ${what}`);
  switch (kind) {
    case 'equals':
      need('expected' in check, 'expected', 'is missing');
      need(check.ignore === undefined || (Array.isArray(check.ignore) && check.ignore.every((p) => typeof p === 'string' && p !== '')), 'ignore', 'must be a list of dotted paths');
      break;
    case 'schema': {
      const fault = isObject(check.schema) ? schemaFault(check.schema) : 'must be a JSON Schema object';
      need(fault === null, 'schema', isObject(check.schema) ? `is not a JSON Schema: ${fault}` : (fault ?? ''));
      break;
    }
    case 'contains':
    case 'notContains':
      need(check.value !== undefined, 'value', 'is missing');
      break;
    case 'regex': {
      if (typeof check.pattern !== 'string' || !check.pattern) faults.push(`${at}.pattern must be text`);
      else if (check.flags !== undefined && (typeof check.flags !== 'string' || !/^[dgimsuvy]*$/.test(check.flags))) faults.push(`${at}.flags must be regular expression flags (d g i m s u v y)`);
      else {
        const fault = regexFault(check.pattern, check.flags as string | undefined);
        need(fault === null, 'pattern', `is not a regular expression: ${fault}`);
      }
      break;
    }
    case 'range':
    case 'length':
      need(optionalNumber(check.min), 'min', 'must be a number');
      need(optionalNumber(check.max), 'max', 'must be a number');
      need(check.min !== undefined || check.max !== undefined, 'min', 'or max is needed');
      if (typeof check.min === 'number' && typeof check.max === 'number') need(check.min <= check.max, 'min', 'must not be above max');
      break;
    case 'judged':
      need(typeof check.rubric === 'string' && check.rubric.trim() !== '' && check.rubric.length <= MAX_RUBRIC, 'rubric', `must be text of 1 to ${MAX_RUBRIC} characters`);
      break;
  }
  return faults;
}

function checkFaults(raw: unknown, index: number, nodeIds: ReadonlySet<string>): string[] {
  const at = `checks[${index}]`;
  if (!isObject(raw)) return [`${at} must be an object`];
  if (!CHECK_KINDS.includes(raw.kind as CheckKind)) return [`${at}.kind must be one of ${CHECK_KINDS.join(', ')}`];
  const faults = kindFaults(raw.kind as CheckKind, raw, at);
  if (raw.node !== undefined && (typeof raw.node !== 'string' || !nodeIds.has(raw.node))) faults.push(`${at}.node names no node of the flow`);
  if (raw.path !== undefined && (typeof raw.path !== 'string' || raw.path === '')) faults.push(`${at}.path must be a dotted path`);
  if (raw.name !== undefined && (typeof raw.name !== 'string' || !raw.name.trim() || raw.name.length > MAX_CASE_NAME)) faults.push(`${at}.name must be text of 1 to ${MAX_CASE_NAME} characters`);
  return faults;
}

/** The case's fields, checked; `nodeIds` the flow's nodes (checks and pins may name them). */
export function readCase(raw: unknown, nodeIds: ReadonlySet<string>, label?: string): TestCaseInput {
  const body = isObject(raw) ? raw : {};
  const name = typeof body.name === 'string' ? body.name.trim() : '';
  const who = label ? `Dataset ${label} (test case '${name || '(unnamed)'}')` : `Test case '${name || '(unnamed)'}'`;
  const faults: string[] = [];
  if (!isObject(raw)) faults.push('must be an object');
  else {
    if (!name || name.length > MAX_CASE_NAME) faults.push(`name must be text of 1 to ${MAX_CASE_NAME} characters`);
    if (!Array.isArray(body.checks)) faults.push('checks must be a list');
    else if (body.checks.length > MAX_CHECKS) faults.push(`checks has at most ${MAX_CHECKS} items`);
    else body.checks.forEach((check, i) => faults.push(...checkFaults(check, i, nodeIds)));
    if (body.pinned !== undefined) {
      if (!isObject(body.pinned)) faults.push('pinned must be an object of node id → output');
      else for (const id of Object.keys(body.pinned)) if (!nodeIds.has(id)) faults.push(`pinned.${id} names no node of the flow`);
    }
    if (Buffer.byteLength(JSON.stringify({ input: body.input, checks: body.checks, pinned: body.pinned }) ?? '') > MAX_CASE_BYTES) faults.push(`is larger than ${MAX_CASE_BYTES / 1024 / 1024} MB`);
  }
  if (faults.length) throw new ValidationError(`${who}: ${faults.join('; ')}`, 'invalid_test_case', { details: faults });
  return {
    name,
    input: body.input ?? {},
    checks: body.checks as Check[],
    ...(body.pinned !== undefined && Object.keys(body.pinned as object).length ? { pinned: body.pinned as Record<string, unknown> } : {}),
  };
}
