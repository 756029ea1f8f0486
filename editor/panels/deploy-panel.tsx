/**
 * @module editor/panels/deploy-panel — deploy the draft as a new version (with an optional note)
 * or undeploy the flow, its versions, and how to call it, by its trigger: a webhook's URL and a
 * ready-to-copy curl, a GraphQL flow's query, a chat or search widget's script tag, or a
 * data-source flow's sync job (sync-panel.tsx); and whether a deploy needs the flow's tests to
 * pass (a refusal names the failing cases; an owner may deploy anyway with a note).
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { webhookUrl, type ApiError } from '../api/client.ts';
import { router } from '../stores/app-stores.ts';
import type { Studio } from '../stores/studio.ts';
import { toasts } from '../stores/toast-store.ts';
import { VersionsList } from '../versions/versions-list.tsx';
import { SyncPanel } from './sync-panel.tsx';
import { TestsGate, TestsRefusal } from './tests-gate.tsx';

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
  const [note, setNote] = useState('');
  const [refusedByTests, setRefusedByTests] = useState(false);
  if (!flow) return null;
  const active = flow.status === 'active';
  let body = '{}';
  try {
    body = JSON.stringify(JSON.parse(studio.runs.input || '{}'));
  } catch {
    /* the run input is being edited: fall back to an empty body */
  }
  const trigger = [...studio.config.nodes.values()].find((n) => studio.catalogue.role(n.type) === 'trigger');
  // deployed and nothing changed since: there is nothing to deploy
  const upToDate = active && session.saveState === 'saved' && studio.versions.deployed !== null && studio.versions.pendingCount === 0;
  const deploy = async (wanted: boolean, testsOverride?: string) => {
    setBusy(true);
    try {
      await session.deploy(wanted, wanted ? note.trim() : undefined, testsOverride);
      if (wanted) setNote('');
      setRefusedByTests(false);
      toasts.show(wanted ? `Deployed version ${session.flow?.deployedVersion}: production calls run it now` : 'Undeployed: production calls are refused', 'success');
    } catch (error) {
      const refused = (error as ApiError).code === 'tests_failed';
      setRefusedByTests(refused);
      if (!refused) toasts.show((error as Error).message, 'error', 8000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="deploy-panel" data-testid="deploy-panel">
      <div className="deploy-state">
        <span className={`pill pill--${flow.status}`} data-testid="deploy-state">{active ? 'deployed' : 'draft'}</span>
        <p className="muted">
          {active ? `Production calls run version ${flow.deployedVersion ?? ''}.` : 'Only test runs from the studio run this flow.'}
          {upToDate && ' The draft has no changes since.'}
        </p>
      </div>
      {!upToDate && (
        <label className="deploy-note">
          <span className="field-label">Note for this version (optional)</span>
          <textarea className="input" rows={2} value={note} data-testid="deploy-note" onChange={(e) => setNote(e.target.value)} />
        </label>
      )}
      <div className="row">
        {!upToDate && (
          <button className="btn btn--primary" data-testid="deploy-button" disabled={busy} onClick={() => void deploy(true)}>
            {active ? 'Deploy changes' : 'Deploy'}
          </button>
        )}
        {active && (
          <button className="btn" data-testid="undeploy-button" disabled={busy} onClick={() => void deploy(false)}>
            Undeploy
          </button>
        )}
      </div>
      <TestsGate tests={studio.tests} />
      {refusedByTests && session.message && <TestsRefusal message={session.message} busy={busy} onOverride={(why) => void deploy(true, why)} />}
      {session.message && session.details.length > 0 && (
        <ul className="warnings">
          {session.details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      )}
      {trigger && studio.catalogue.get(trigger.type)?.isDataSource ? (
        <SyncPanel flowId={flow.id} />
      ) : trigger?.type === 'chatTriggerNode' || trigger?.type === 'searchTriggerNode' ? (
        <WidgetSnippet flowId={flow.id} kind={trigger.type === 'chatTriggerNode' ? 'chat' : 'search'} />
      ) : trigger?.type === 'teamsTriggerNode' ? (
        <TeamsSnippet flowId={flow.id} />
      ) : trigger?.type === 'graphqlTriggerNode' ? (
        <GraphqlSnippet flowId={flow.id} projectId={flow.projectId} body={body} />
      ) : (
        <WebhookSnippet flowId={flow.id} projectId={flow.projectId} body={body} isPublic={trigger?.values.public === true} />
      )}
      <VersionsList studio={studio} />
    </div>
  );
});

function ApiKeysLink({ projectId }: { projectId: string }) {
  return (
    <a href={`/projects/${projectId}/api-keys`} onClick={(e) => (e.preventDefault(), router.go({ page: 'project', projectId, section: 'api-keys' }))}>
      API keys
    </a>
  );
}

/** The Teams trigger: the URL the bot's messaging endpoint points at (runtime/integrations/teams/). */
function TeamsSnippet({ flowId }: { flowId: string }) {
  const url = `${window.location.origin}/hook/teams/${flowId}`;
  return (
    <>
      <h4>Bot messaging endpoint</h4>
      <CopyBlock text={url} testId="teams-endpoint" />
      <p className="field-desc">
        Set it as your Azure bot's messaging endpoint (Configuration). weft accepts only calls the Bot Framework signs for the
        App ID in the trigger's credential (its client id), answers them at once and runs the deployed flow.
      </p>
    </>
  );
}

const shellQuoted = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

function WebhookSnippet({ flowId, projectId, body, isPublic }: { flowId: string; projectId: string; body: string; isPublic: boolean }) {
  const url = webhookUrl(flowId);
  // production calls carry an API key of the project unless the webhook trigger is public
  const auth = isPublic ? '' : `  -H 'Authorization: Bearer <your API key>' \\\n`;
  const curl = `curl -s -X POST '${url}' \\\n${auth}  -H 'content-type: application/json' \\\n  -d ${shellQuoted(body)}`;
  return (
    <>
      <h4>Webhook URL</h4>
      <CopyBlock text={url} testId="webhook-url" />
      <h4>Try it</h4>
      <CopyBlock text={curl} testId="curl" />
      <p className="field-desc">
        The body comes from the run panel's test input. With an API Response node, the caller receives its output.
        {!isPublic && (
          <>
            {' '}Callers send one of the project's <ApiKeysLink projectId={projectId} />; mark the trigger public to let anyone call it.
          </>
        )}
      </p>
    </>
  );
}

function GraphqlSnippet({ flowId, projectId, body }: { flowId: string; projectId: string; body: string }) {
  const request = JSON.stringify({
    query: 'query Run($id: String!, $payload: JSON!) { executeWorkflow(workflowId: $id, payload: $payload) { status result } }',
    variables: { id: flowId, payload: JSON.parse(body) },
  });
  const curl = `curl -s -X POST '${window.location.origin}/graphql' \\\n  -H 'Authorization: Bearer <your API key>' \\\n  -H 'x-project-id: ${projectId}' \\\n  -H 'content-type: application/json' \\\n  -d ${shellQuoted(request)}`;
  return (
    <>
      <h4>Try it</h4>
      <CopyBlock text={curl} testId="curl" />
      <p className="field-desc">
        The payload comes from the run panel's test input. A realtime flow answers with its GraphQL Response node's output; an async
        one with a request id for <code>checkStatus</code>. Callers send one of the project's <ApiKeysLink projectId={projectId} />.
      </p>
    </>
  );
}

function WidgetSnippet({ flowId, kind }: { flowId: string; kind: 'chat' | 'search' }) {
  const tag = `<script src="${window.location.origin}/widgets/${kind}.js" data-flow="${flowId}" async></script>`;
  return (
    <>
      <h4>Put it on a page</h4>
      <CopyBlock text={tag} testId="widget-tag" />
      <p className="field-desc">
        Paste this tag into any page; <code>data-target="#element"</code> places the {kind === 'chat' ? 'embedded chat' : 'search box'} inside
        that element. Only pages whose origin the trigger's Allowed domains list can use it (all, by default); no API key is needed.
      </p>
    </>
  );
}
