/** @module runtime/services/flow-tests/checks/schema — the value matches a JSON Schema (draft 7 / 2019, ajv). */
import { Ajv } from 'ajv';
import type { Outcome } from './outcome.ts';

const ajv = new Ajv({ allErrors: true, strict: false });

/** The schema's compile error, or null when it is a schema. */
export function schemaFault(schema: unknown): string | null {
  try {
    ajv.compile(schema as object);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export function checkSchema(actual: unknown, schema: Record<string, unknown>): Outcome {
  const validate = ajv.compile(schema);
  if (validate(actual)) return { passed: true, message: 'Matches the schema' };
  const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(the value)'} ${e.message ?? 'is invalid'}`);
  return { passed: false, message: `Does not match the schema: ${errors.slice(0, 5).join('; ')}`, diff: (validate.errors ?? []).slice(0, 50).map((e) => ({ path: e.instancePath.replace(/^\//, '').replaceAll('/', '.'), expected: e.message })) };
}
