/** @module editor/forms/field-input — the editor for a field, chosen by its type. */
import type { FieldType } from '../../catalogue/types.ts';
import { asText, exampleOf, type FieldProps } from './field-types.ts';
import { AgentPathsField } from './fields/agent-paths-field.tsx';
import { BooleanField, MultiSelectField, NumberField, SelectField, TextField } from './fields/basic-fields.tsx';
import { CodeField } from './fields/code-field.tsx';
import { CredentialField } from './fields/credential-field.tsx';
import { ConditionsField } from './fields/conditions-field.tsx';
import { FlowField } from './fields/flow-field.tsx';
import { ListField } from './fields/list-field.tsx';
import { MappingField } from './fields/mapping-field.tsx';
import { LoadedOptionsField } from './fields/loaded-options-field.tsx';
import { McpToolsField } from './fields/mcp-tools-field.tsx';
import { TemplateInput } from './fields/template-input.tsx';

function TemplateField({ field, value, onChange, ctx, inputId }: FieldProps) {
  const text = asText(value);
  return <TemplateInput id={inputId} value={text} onChange={onChange} suggestions={ctx.suggestions} placeholder={exampleOf(field)} multiline={text.includes('\n')} label={field.label} preview={ctx.preview} />;
}

const editors: Record<FieldType, (props: FieldProps) => React.JSX.Element> = {
  text: TextField,
  textarea: TextField,
  credential: CredentialField,
  template: TemplateField,
  data: TemplateField,
  number: NumberField,
  boolean: BooleanField,
  select: SelectField,
  multiSelect: MultiSelectField,
  json: CodeField,
  code: CodeField,
  list: ListField,
  branches: ListField,
  agentPaths: AgentPathsField,
  mapping: MappingField,
  conditions: ConditionsField,
  flow: FlowField,
};

/** The editor a field gets: choices loaded from the server when it names a loader, else by its type. */
function editorOf(field: FieldProps['field']): (props: FieldProps) => React.JSX.Element {
  if (field.loadOptionsMethod) return LoadedOptionsField;
  if (field.optionsFrom === 'mcpTools') return McpToolsField;
  return editors[field.type] ?? TextField;
}

export function FieldInput(props: FieldProps) {
  const Editor = editorOf(props.field);
  return <Editor {...props} />;
}
