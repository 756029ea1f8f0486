/** @module editor/forms/field-types — what every generated field component receives. */
import type { InputField } from '../../catalogue/types.ts';
import type { Credential } from '../../contract/credentials.ts';
import type { Suggestion } from './template-suggestions.ts';

export interface FormContext {
  /** `{{…}}` paths from upstream nodes, for template inputs */
  suggestions: Suggestion[];
  /** the flow's project (the flow field lists its flows) */
  projectId?: string;
  flowId?: string;
  /** the project's credentials (credential fields offer them by name) */
  credentials?: Credential[];
  /** the node's values, defaults applied (a field whose choices depend on another field reads it) */
  values?: Record<string, unknown>;
}

export interface FieldProps {
  field: InputField;
  value: unknown;
  onChange(value: unknown): void;
  ctx: FormContext;
  /** the input's id, so the label points at it */
  inputId: string;
}

export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}
