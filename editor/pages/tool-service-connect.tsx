/**
 * @module editor/pages/tool-service-connect — the Connect button of the credential types connected
 * through the tool-execution service (mail, table database, notes workspace): it asks the server to
 * start the connection (`POST /api/projects/:id/tool-connections`) and sends the browser to the
 * provider's consent page; the server's landing endpoint stores the credential and brings the
 * builder back to the credentials page. Other OAuth types have their own Connect.
 */
import { useState } from 'react';
import { api } from '../api/client.ts';

/** the credential types this Connect serves (runtime/integrations/tool-service/settings.ts CONNECTED_TYPES) */
export const TOOL_SERVICE_TYPES: ReadonlySet<string> = new Set(['mailOauth', 'tableDatabaseOauth', 'notesWorkspaceOauth']);

export function ToolServiceConnect({ projectId, type, name }: { projectId: string; type: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const connect = async () => {
    setBusy(true);
    setError('');
    try {
      const { redirectUrl } = await api.startToolConnection(projectId, type, name.trim());
      window.location.assign(redirectUrl);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <div className="field" data-testid="tool-service-connect">
      <button type="button" className="btn btn--primary" disabled={busy || !name.trim()} onClick={() => void connect()}>
        {busy ? 'Connecting…' : 'Connect'}
      </button>
      <p className="field-desc">Signs in at the provider through the tool-execution service and saves this credential under the name above.</p>
      {error && <p className="field-problem" role="alert">{error}</p>}
    </div>
  );
}
