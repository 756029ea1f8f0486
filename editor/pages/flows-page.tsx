/** @module editor/pages/flows-page — a project's flows section: create, rename, duplicate, delete, import and export (a flow or the whole project, through the server's export documents). */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client.ts';
import type { FlowSummary } from '../../contract/flow-document.ts';
import type { RouterStore } from '../stores/router-store.ts';
import { toasts } from '../stores/toast-store.ts';
import { downloadDocument, importSummary, parseJsonFile } from './flow-files.ts';
import { FlowRow, type FlowRowActions } from './flow-row.tsx';
import { useN8nPaste } from './use-n8n-paste.ts';

export function FlowsPage({ projectId, router }: { projectId: string; router: RouterStore }) {
  const [flows, setFlows] = useState<FlowSummary[] | null>(null);
  const [name, setName] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const fail = (error: unknown) => toasts.show((error as Error).message, 'error', 8000);
  const reload = useCallback(() => api.flows(projectId).then((list) => setFlows(list.sort((a, b) => b.updatedAt - a.updatedAt)), fail), [projectId]);
  useEffect(() => {
    void reload();
  }, [projectId, reload]);
  // an n8n workflow pasted on this page becomes a new draft of the project
  useN8nPaste(() => projectId, router);

  const create = async () => {
    try {
      const flow = await api.createFlow(projectId, { name: name.trim() });
      router.go({ page: 'flow', flowId: flow.id });
    } catch (error) {
      fail(error);
    }
  };
  const actions: FlowRowActions = {
    open: (flow) => router.go({ page: 'flow', flowId: flow.id }),
    rename: async (flow, newName) => {
      await api.saveFlow(flow.id, { name: newName, version: flow.version }).catch(fail);
      await reload();
    },
    duplicate: async (flow) => {
      const whole = await api.flow(flow.id).catch(fail);
      if (whole) await api.createFlow(projectId, { name: `${flow.name} (copy)`, nodes: whole.nodes, edges: whole.edges, notes: whole.notes }).catch(fail);
      await reload();
    },
    exportFile: async (flow) => {
      const document = await api.exportFlow(flow.id).catch(fail);
      if (document) downloadDocument(flow.name, document);
    },
    remove: async (flow) => {
      await api.deleteFlow(flow.id).catch(fail);
      toasts.show(`Deleted “${flow.name}”`);
      await reload();
    },
  };
  const exportProject = async () => {
    const document = await api.exportProject(projectId).catch(fail);
    if (document) downloadDocument(document.project?.name ?? 'project', document);
  };
  const importFile = async (file: File) => {
    try {
      const answer = await api.importDocument(projectId, parseJsonFile(await file.text()));
      toasts.show(importSummary(answer), 'success', 8000);
      await reload();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section data-testid="flows-section">
      <div className="inline-form">
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), void create())}>
          <input placeholder="New flow name" value={name} onChange={(e) => setName(e.target.value)} aria-label="New flow name" />
          <button className="btn btn--primary" disabled={!name.trim()}>Create flow</button>
        </form>
        <button className="btn" onClick={() => fileInput.current?.click()}>Import JSON…</button>
        <button className="btn" onClick={() => void exportProject()}>Export project</button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          data-testid="import-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void importFile(file);
            e.target.value = '';
          }}
        />
      </div>
      {flows === null && <p className="muted">Loading…</p>}
      {flows?.length === 0 && <p className="muted">No flows yet: create one, import an exported flow, or paste an n8n workflow (Ctrl+V).</p>}
      <ul className="flow-list">
        {flows?.map((flow) => <FlowRow key={`${flow.id}:${flow.version}`} flow={flow} actions={actions} />)}
      </ul>
    </section>
  );
}
