/** @module editor/panels/deploy-panel — deploy or undeploy the flow; its webhook URL and a ready-to-copy curl. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { webhookUrl } from '../api/client.ts';
import { router } from '../stores/app-stores.ts';
import type { Studio } from '../stores/studio.ts';
import { toasts } from '../stores/toast-store.ts';

function CopyBlock({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="copy-block">
      <pre data-testid={testId}>{text}</pre>
      <button className="btn btn--ghost" onClick={() => void navigator.clipboard?.writeText(text).then(() => toasts.show('Copied', 'success', 1500), () => toasts.show('Select the text to copy it'))}>
        Copy
      </button>
    </div>
  );
}

export const DeployPanel = observer(function DeployPanel({ studio }: { studio: Studio }) {
  const { session } = studio;
  const flow = session.flow;
  const [busy, setBusy] = useState(false);
  if (!flow) return null;
  const active = flow.status === 'active';
  const url = webhookUrl(flow.id);
  let body = '{}';
  try {
    body = JSON.stringify(JSON.parse(studio.runs.input || '{}'));
  } catch {
    /* the run input is being edited: fall back to an empty body */
  }
  // production calls carry an API key of the project unless the webhook trigger is public
  const isPublic = [...studio.config.nodes.values()].some((n) => n.type === 'webhookTriggerNode' && n.values.public === true);
  const auth = isPublic ? '' : `  -H 'Authorization: Bearer <your API key>' \\\n`;
  const curl = `curl -s -X POST '${url}' \\\n${auth}  -H 'content-type: application/json' \\\n  -d '${body.replace(/'/g, "'\\''")}'`;
  const toggle = async () => {
    setBusy(true);
    try {
      await session.deploy(!active);
      toasts.show(active ? 'Undeployed: webhook calls are refused' : 'Deployed: the webhook answers now', 'success');
    } catch (error) {
      toasts.show((error as Error).message, 'error', 8000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="deploy-panel" data-testid="deploy-panel">
      <div className="deploy-state">
        <span className={`pill pill--${flow.status}`} data-testid="deploy-state">{active ? 'deployed' : 'draft'}</span>
        <p className="muted">{active ? 'Production calls run this flow.' : 'Only test runs from the studio run this flow.'}</p>
      </div>
      <button className={`btn ${active ? '' : 'btn--primary'}`} data-testid="deploy-button" disabled={busy} onClick={() => void toggle()}>
        {active ? 'Undeploy' : 'Deploy'}
      </button>
      {session.message && session.details.length > 0 && (
        <ul className="warnings">
          {session.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      <h4>Webhook URL</h4>
      <CopyBlock text={url} testId="webhook-url" />
      <h4>Try it</h4>
      <CopyBlock text={curl} testId="curl" />
      <p className="field-desc">
        The body comes from the run panel's test input. With an API Response node, the caller receives its output.
        {!isPublic && (
          <>
            {' '}Callers send one of the project's{' '}
            <a href={`/projects/${flow.projectId}/api-keys`} onClick={(e) => (e.preventDefault(), router.go({ page: 'project', projectId: flow.projectId, section: 'api-keys' }))}>
              API keys
            </a>
            ; mark the trigger public to let anyone call it.
          </>
        )}
      </p>
    </div>
  );
});
