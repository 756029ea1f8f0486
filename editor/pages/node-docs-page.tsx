/**
 * @module editor/pages/node-docs-page — a node's page at its definition's `docs` address
 * (`/docs/nodes/:name`): what it does, its fields (type, required, default, description) and its
 * outputs, all from the catalogue. The node menu's "Open docs" opens it in a new tab.
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { InputField, NodeDefinition } from '../../catalogue/types.ts';
import { Icon } from '../icons/icon.tsx';
import { colorOf, type CatalogueStore } from '../stores/catalogue-store.ts';
import { PageHeader } from './page-header.tsx';

function FieldRow({ field }: { field: InputField }) {
  const choices = field.values?.map((v) => v.label).join(', ');
  return (
    <tr>
      <td>
        <strong>{field.label}</strong>
        <div><code>{field.name}</code></div>
      </td>
      <td>{field.type}{field.required ? ', required' : ''}</td>
      <td>
        {field.description}
        {choices && <div className="muted">One of: {choices}</div>}
        {field.defaultValue !== undefined && field.defaultValue !== '' && <div className="muted">Default: <code>{JSON.stringify(field.defaultValue)}</code></div>}
      </td>
    </tr>
  );
}

function NodeDocs({ definition }: { definition: NodeDefinition }) {
  const fields = [...(definition.triggerInputs ?? []), ...definition.inputs];
  const outputs = [...(definition.triggerOutputs ?? []), ...definition.outputs];
  return (
    <>
      <h1 className="node-docs-title">
        <span className="node-docs-icon" style={{ color: colorOf(definition) }}><Icon name={definition.icon} /></span>
        {definition.label}
      </h1>
      <p className="muted">{definition.category} · <code>{definition.name}</code>{definition.status !== 'Enabled' ? ` · ${definition.status}` : ''}</p>
      <p>{definition.description}</p>
      {definition.metadata?.tags?.length ? <p className="muted">Also found as: {definition.metadata.tags.join(', ')}</p> : null}
      <h2>Fields</h2>
      {fields.length === 0 ? <p className="muted">None.</p> : (
        <table className="node-docs-table">
          <thead><tr><th>Field</th><th>Type</th><th>What it does</th></tr></thead>
          <tbody>{fields.map((field) => <FieldRow key={field.name} field={field} />)}</tbody>
        </table>
      )}
      <h2>Output</h2>
      <p className="muted">Later nodes read it as <code>{'{{<node id>.output…}}'}</code>.</p>
      {outputs.length === 0 ? <p className="muted">Not declared.</p> : (
        <table className="node-docs-table">
          <tbody>
            {outputs.map((output) => (
              <tr key={output.name}><td><code>{output.name}</code></td><td>{output.type}</td><td>{output.description}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

export const NodeDocsPage = observer(function NodeDocsPage({ name, catalogue }: { name: string; catalogue: CatalogueStore }) {
  useEffect(() => void catalogue.load(), [catalogue]);
  const definition = catalogue.get(name);
  return (
    <div className="page" data-testid="node-docs" data-node-type={name}>
      <PageHeader crumbs={<span>Nodes / {definition?.label ?? name}</span>} />
      <main className="list-page">
        {definition ? <NodeDocs definition={definition} /> : <p className="muted">{catalogue.loaded ? `No node is called ${name}.` : 'Loading…'}</p>}
      </main>
    </div>
  );
});
