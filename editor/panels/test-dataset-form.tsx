/**
 * @module editor/panels/test-dataset-form — cases from a dataset: CSV or JSON lines (pasted or
 * from a file), or a table of one of the project's data-source flows with the columns that make
 * the input and the expected answer (docs/flow-tests.md#datasets).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { FlowSummary } from '../../contract/flow-document.ts';
import type { Studio } from '../stores/studio.ts';

type Kind = 'csv' | 'jsonl' | 'table';
const columns = (text: string) => text.split(',').map((c) => c.trim()).filter(Boolean);

export const TestDatasetForm = observer(function TestDatasetForm({ studio, onDone }: { studio: Studio; onDone(): void }) {
  const [kind, setKind] = useState<Kind>('csv');
  const [text, setText] = useState('');
  const [sources, setSources] = useState<FlowSummary[]>([]);
  const [table, setTable] = useState({ sourceId: '', table: '', input: '', expected: '', name: '' });
  const [error, setError] = useState('');
  const projectId = studio.session.flow?.projectId;
  useEffect(() => {
    if (kind !== 'table' || !projectId) return;
    api.flows(projectId).then((flows) => setSources(flows.filter((f) => f.triggerType && studio.catalogue.get(f.triggerType)?.isDataSource)), (e: Error) => setError(e.message));
  }, [kind, projectId, studio.catalogue]);
  const submit = async () => {
    const dataset = kind === 'table'
      ? { table: { sourceId: table.sourceId, table: table.table.trim() }, inputColumns: columns(table.input), expectedColumns: columns(table.expected), ...(table.name.trim() ? { nameColumn: table.name.trim() } : {}) }
      : { format: kind, text };
    const refusal = await studio.tests.importDataset(dataset);
    setError(refusal);
    if (!refusal) onDone();
  };
  const field = (key: keyof typeof table, label: string, placeholder = '') => (
    <label>
      <span className="field-label">{label}</span>
      <input className="input" data-testid={`dataset-${key}`} placeholder={placeholder} value={table[key]} onChange={(e) => setTable({ ...table, [key]: e.target.value })} />
    </label>
  );
  return (
    <form className="test-case-form" data-testid="dataset-form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <h4>Cases from a dataset</h4>
      <select className="input" data-testid="dataset-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
        <option value="csv">CSV (name, input.field…, expected.field…)</option>
        <option value="jsonl">JSON lines ({'{name, input, expected}'})</option>
        <option value="table">A data source's table</option>
      </select>
      {kind === 'table' ? (
        <>
          <label>
            <span className="field-label">Data source</span>
            <select className="input" data-testid="dataset-source" value={table.sourceId} onChange={(e) => setTable({ ...table, sourceId: e.target.value })}>
              <option value="">Pick a data-source flow</option>
              {sources.map((f) => (
                <option key={f.id} value={f.id}>{f.name}</option>
              ))}
            </select>
          </label>
          {field('table', 'Table', 'public.orders')}
          {field('input', 'Input columns (comma-separated)')}
          {field('expected', 'Expected columns (comma-separated)')}
          {field('name', 'Name column (optional)')}
        </>
      ) : (
        <>
          <textarea className="input mono" rows={6} data-testid="dataset-text" value={text} onChange={(e) => setText(e.target.value)} />
          <input type="file" accept=".csv,.jsonl,.ndjson,.txt" onChange={(e) => void e.target.files?.[0]?.text().then(setText)} />
        </>
      )}
      {error && <p className="form-error" data-testid="dataset-error">{error}</p>}
      <div className="row">
        <button className="btn btn--primary" type="submit" data-testid="dataset-import">Add the cases</button>
        <button className="btn btn--ghost" type="button" onClick={onDone}>Cancel</button>
      </div>
    </form>
  );
});
