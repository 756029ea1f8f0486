/**
 * @module editor/pages/logs-page — the project's production-run logs, newest first, filtered
 * by flow, severity and time range, paged with the server's cursor; a row names the deployed
 * version the call ran ("v3") and opens its record and its run (replayed on the flow's canvas).
 */
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import type { FlowSummary } from '../../contract/flow-document.ts';
import { severities, type LogQuery, type LogRecord, type Severity } from '../../contract/logs.ts';
import { formatDuration } from '../canvas/node-view.tsx';
import { JsonView } from '../panels/json-view.tsx';
import { router } from '../stores/app-stores.ts';
import { toasts } from '../stores/toast-store.ts';

const PAGE = 50;
/** datetime-local text (local time) → epoch ms, or undefined when empty */
const epoch = (local: string) => (local ? new Date(local).getTime() : undefined);

function LogRow({ record }: { record: LogRecord }) {
  const [open, setOpen] = useState(false);
  return (
    <li className={`log-row log-row--${record.severity}`} data-testid="log-row" data-severity={record.severity}>
      <button className="log-row-main" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className={`severity severity--${record.severity}`}>{record.severity}</span>
        <span className="log-time">{new Date(record.timestamp).toLocaleString()}</span>
        <span className="flow-name">{record.flowName}</span>
        <span className="log-version" data-testid="log-version" title={record.deployedVersion ? 'The deployed version the call ran' : 'Refused before a version ran'}>
          {record.deployedVersion ? `v${record.deployedVersion}` : ''}
        </span>
        <span>{record.responseStatus}</span>
        <span className="muted">{formatDuration(record.durationMs)}</span>
        <span className="muted">{record.trigger} · {record.executionType} · {record.environment}</span>
      </button>
      {record.error && <p className="error-text log-error">{record.error}</p>}
      {open && record.runId && (
        <a className="btn btn--ghost log-open-run" href={`/flows/${record.flowId}/runs/${record.runId}`} onClick={(e) => (e.preventDefault(), router.go({ page: 'flow', flowId: record.flowId, runId: record.runId! }))}>
          Replay this run on its flow →
        </a>
      )}
      {open && record.runId && (
        <a
          className="btn btn--ghost log-debug-run"
          data-testid="log-debug-in-draft"
          href={`/flows/${record.flowId}/runs/${record.runId}/debug`}
          title="Open this run on the draft with its trigger input pinned, to re-run from any node"
          onClick={(e) => (e.preventDefault(), router.go({ page: 'flow', flowId: record.flowId, runId: record.runId!, debug: true }))}
        >
          Debug in draft →
        </a>
      )}
      {open && <JsonView label="Record" value={record} open />}
    </li>
  );
}

export function LogsPage({ projectId }: { projectId: string }) {
  const [flows, setFlows] = useState<FlowSummary[]>([]);
  const [filter, setFilter] = useState({ flowId: '', severity: '' as Severity | '', from: '', to: '' });
  const [items, setItems] = useState<LogRecord[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fail = (e: Error) => toasts.show(e.message, 'error', 8000);
  const query = (): LogQuery => ({ flowId: filter.flowId, severity: filter.severity || undefined, from: epoch(filter.from), to: epoch(filter.to), limit: PAGE });
  const load = async (more: boolean) => {
    setBusy(true);
    try {
      const page = await api.logs(projectId, { ...query(), cursor: more ? (cursor ?? undefined) : undefined });
      setItems((old) => (more && old ? [...old, ...page.items] : page.items));
      setCursor(page.nextCursor);
    } catch (e) {
      fail(e as Error);
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    api.flows(projectId).then(setFlows, fail);
  }, [projectId]);
  useEffect(() => {
    void load(false);
    // a new filter starts from the newest record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, filter]);
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  return (
    <section data-testid="logs-section">
      <div className="filters">
        <select className="input small" aria-label="Flow" value={filter.flowId} onChange={(e) => set({ flowId: e.target.value })}>
          <option value="">Every flow</option>
          {flows.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
        <select className="input small" aria-label="Severity" value={filter.severity} onChange={(e) => set({ severity: e.target.value as Severity | '' })}>
          <option value="">Every severity</option>
          {severities.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <label className="muted">
          from <input className="input small" type="datetime-local" aria-label="From" value={filter.from} onChange={(e) => set({ from: e.target.value })} />
        </label>
        <label className="muted">
          to <input className="input small" type="datetime-local" aria-label="To" value={filter.to} onChange={(e) => set({ to: e.target.value })} />
        </label>
      </div>
      {items === null && <p className="muted">Loading…</p>}
      {items?.length === 0 && <p className="muted">No production runs match. Test runs from the studio are not logged.</p>}
      <ul className="log-list">
        {items?.map((record) => <LogRow key={record.id} record={record} />)}
      </ul>
      {cursor && (
        <button className="btn" disabled={busy} onClick={() => void load(true)}>
          Older records
        </button>
      )}
    </section>
  );
}
