/** @module editor/forms/field-types — what every generated field component receives. */
import type { NodeLookup } from '../../catalogue/template-checks.ts';
import type { InputField } from '../../catalogue/types.ts';
import type { Credential } from '../../contract/credentials.ts';
import type { DefaultModels } from '../../contract/models.ts';
import type { TemplatePreview } from './template-preview.ts';
import type { Suggestion } from './template-suggestions.ts';

export interface FormContext {
  /** `{{…}}` paths from upstream nodes, for template inputs */
  suggestions: Suggestion[];
  /** the flow's project (the flow field lists its flows) */
  projectId?: string;
  flowId?: string;
  /** the project's credentials (credential fields offer them by name) */
  credentials?: Credential[];
  /** the flow's nodes, for marking templates that read a node or field that does not exist */
  nodeOf?: NodeLookup;
  /** what a template text (or data holding templates) would resolve to now (null: nothing to preview) */
  preview?(template: unknown): TemplatePreview | null;
  /** the project's default models (undefined while unknown), for empty model fields */
  defaultModels?: DefaultModels | null;
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

/** A field's placeholder as an example, never mistaken for a value. */
export function exampleOf(field: InputField): string | undefined {
  return field.placeholder ? `e.g. ${field.placeholder}` : undefined;
}
