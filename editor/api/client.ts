/** @module editor/api/client — every HTTP call the studio makes; errors carry the server's message and code. */
import type { ExportDocument, ImportAnswer } from '../../contract/flow-export.ts';
import type { NodeDefinition } from '../../catalogue/types.ts';
import type { CredentialForm } from '../../catalogue/credentials/types.ts';
import type { Me, Member, NewInvitation, SentInvitation, InvitationView, InvitationPreview, AcceptedInvitation, OrganisationView, Role, SignedIn } from '../../contract/accounts.ts';
import type { Credential, CredentialInput, CredentialPatch, TestCredentialsAnswer, TestCredentialsRequest } from '../../contract/credentials.ts';
import type { CheckedFlow, FlowDocument, FlowEdge, FlowSummary, FlowNode, StickyNote } from '../../contract/flow-document.ts';
import type { LogPage, LogQuery } from '../../contract/logs.ts';
import type { N8nImportAnswer } from '../../contract/n8n-import.ts';
import type { OAuthAppInput, OAuthAppView, OAuthStartAnswer, OAuthStartRequest, OAuthTypeView } from '../../contract/oauth.ts';
import type { DefaultModels } from '../../contract/models.ts';
import type { ApiKeyView, NewApiKey, ProjectView, UsageRecord } from '../../contract/projects.ts';
import type { ActorView, Breakpoint, RunSnapshot, RunSummary } from '../../contract/runs.ts';
import type { NodeRunAnswer, RerunPlan, RunComparison } from '../../contract/run-compare.ts';
import type { SyncJobState } from '../../contract/sync.ts';
import type { FlowVersion, FlowVersionSummary } from '../../contract/versions.ts';
import type { SuiteComparison, SuiteRun, SuiteScores, TableDataset, TestCase, TestCaseInput, TestSettings } from '../../contract/flow-tests.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/**
 * The session as the client needs it: the CSRF token every write sends, and who to tell when
 * the server answers 401 (the studio then shows the sign-in page). Set by the auth store.
 */
export const session = {
  csrfToken: '',
  onUnauthorized: (() => {}) as () => void,
};

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function call<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (writes.has(method) && session.csrfToken) headers['x-csrf-token'] = session.csrfToken;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let answer: unknown = undefined;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    answer = { error: { message: text } };
  }
  if (response.status === 401 && !path.startsWith('/api/auth/')) session.onUnauthorized();
  if (!response.ok) {
    const error = (answer as { error?: { message?: string; code?: string; details?: unknown } })?.error ?? {};
    // a sign-in in another tab replaced the session (and its token): take the current token, try once more
    if (response.status === 403 && error.code === 'invalid_csrf' && !retried) {
      const me = await fetch('/api/auth/me').then((r) => (r.ok ? (r.json() as Promise<{ csrfToken: string }>) : null));
      if (me?.csrfToken && me.csrfToken !== session.csrfToken) {
        session.csrfToken = me.csrfToken;
        return call<T>(method, path, body, true);
      }
    }
    throw new ApiError(error.message ?? `${method} ${path} answered ${response.status}`, response.status, error.code ?? 'http_error', error.details);
  }
  return answer as T;
}

export interface FlowDraft {
  name: string;
  nodes?: FlowNode[];
  edges?: FlowEdge[];
  notes?: StickyNote[];
}

const inProject = (projectId: string, rest = '') => `/api/projects/${encodeURIComponent(projectId)}${rest}`;
const tests = (flowId: string, rest = '') => `/api/flows/${encodeURIComponent(flowId)}/tests${rest}`;

export const api = {
  signIn: (email: string, password: string) => call<SignedIn>('POST', '/api/auth/sign-in', { email, password }),
  signOut: () => call<void>('POST', '/api/auth/sign-out'),
  me: () => call<Me>('GET', '/api/auth/me'),
  changePassword: (currentPassword: string, newPassword: string) => call<void>('PUT', '/api/auth/password', { currentPassword, newPassword }),
  organisations: () => call<OrganisationView[]>('GET', '/api/organisations'),
  members: (organisationId: string) => call<Member[]>('GET', `/api/organisations/${encodeURIComponent(organisationId)}/members`),
  invite: (organisationId: string, invitation: NewInvitation) => call<SentInvitation>('POST', `/api/organisations/${encodeURIComponent(organisationId)}/members`, invitation),
  invitations: (organisationId: string) => call<InvitationView[]>('GET', `/api/organisations/${encodeURIComponent(organisationId)}/invitations`),
  revokeInvitation: (organisationId: string, id: string) => call<void>('DELETE', `/api/organisations/${encodeURIComponent(organisationId)}/invitations/${encodeURIComponent(id)}`),
  invitation: (token: string) => call<InvitationPreview>('GET', `/api/invitations/${encodeURIComponent(token)}`),
  acceptInvitation: (token: string, account?: { name: string; password: string }) => call<AcceptedInvitation>('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, account ?? {}),
  setRole: (organisationId: string, userId: string, role: Role) =>
    call<Member>('PUT', `/api/organisations/${encodeURIComponent(organisationId)}/members/${encodeURIComponent(userId)}`, { role }),
  removeMember: (organisationId: string, userId: string) => call<void>('DELETE', `/api/organisations/${encodeURIComponent(organisationId)}/members/${encodeURIComponent(userId)}`),
  createOrganisation: (name: string) => call<OrganisationView>('POST', '/api/organisations', { name }),
  renameOrganisation: (id: string, name: string) => call<OrganisationView>('PUT', `/api/organisations/${encodeURIComponent(id)}`, { name }),
  catalogue: () => call<NodeDefinition[]>('GET', '/api/catalogue'),
  credentialForms: () => call<CredentialForm[]>('GET', '/api/catalogue/credentials'),
  projects: () => call<ProjectView[]>('GET', '/api/projects'),
  createProject: (name: string, organisationId?: string) => call<ProjectView>('POST', '/api/projects', { name, organisationId }),
  project: (id: string) => call<ProjectView>('GET', `/api/projects/${encodeURIComponent(id)}`),
  flows: (projectId: string) => call<FlowSummary[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/flows`),
  createFlow: (projectId: string, draft: FlowDraft) => call<CheckedFlow>('POST', `/api/projects/${encodeURIComponent(projectId)}/flows`, draft),
  flow: (id: string) => call<CheckedFlow>('GET', `/api/flows/${encodeURIComponent(id)}`),
  saveFlow: (id: string, doc: Pick<FlowDocument, 'name' | 'version'> & Partial<Pick<FlowDocument, 'nodes' | 'edges' | 'notes'>>) =>
    call<CheckedFlow>('PUT', `/api/flows/${encodeURIComponent(id)}`, doc),
  deleteFlow: (id: string) => call<void>('DELETE', `/api/flows/${encodeURIComponent(id)}`),
  exportFlow: (id: string) => call<ExportDocument>('GET', `/api/flows/${encodeURIComponent(id)}/export?versions=true`),
  exportProject: (projectId: string) => call<ExportDocument>('GET', inProject(projectId, '/export?versions=true')),
  importDocument: (projectId: string, document: unknown) => call<ImportAnswer>('POST', inProject(projectId, '/import'), document),
  /** an n8n workflow JSON as a new draft of the project (runtime/http/routes/n8n-import.ts) */
  importN8n: (projectId: string, workflow: unknown) => call<N8nImportAnswer>('POST', inProject(projectId, '/flows/import-n8n'), workflow),
  /** `testsOverride`: an owner's note to deploy although the flow's required tests fail */
  deploy: (id: string, status: 'active' | 'inactive', note?: string, testsOverride?: string) =>
    call<CheckedFlow>('POST', `/api/flows/${encodeURIComponent(id)}/deploy`, status === 'active' ? { status, ...(note ? { note } : {}), ...(testsOverride ? { testsOverride } : {}) } : { status }),
  /** the flow's test cases and suite runs (runtime/http/routes/flow-tests.ts) */
  testCases: (flowId: string) => call<TestCase[]>('GET', tests(flowId)),
  addTestCase: (flowId: string, input: TestCaseInput) => call<TestCase>('POST', tests(flowId), input),
  saveTestCase: (flowId: string, caseId: string, input: TestCaseInput) => call<TestCase>('PUT', tests(flowId, `/${encodeURIComponent(caseId)}`), input),
  deleteTestCase: (flowId: string, caseId: string) => call<void>('DELETE', tests(flowId, `/${encodeURIComponent(caseId)}`)),
  /** a dataset as cases: `{format: 'csv' | 'jsonl', text}` or a data source's table (TableDataset) */
  addTestDataset: (flowId: string, dataset: { format: 'csv' | 'jsonl'; text: string } | TableDataset) => call<TestCase[]>('POST', tests(flowId, '/dataset'), dataset),
  testCaseFromRun: (flowId: string, runId: string) => call<TestCase>('POST', tests(flowId, `/from-run/${encodeURIComponent(runId)}`), {}),
  runTests: (flowId: string, version?: number, caseIds?: string[]) =>
    call<{ suiteRunId: string }>('POST', tests(flowId, '/run'), { ...(version !== undefined ? { version } : {}), ...(caseIds ? { caseIds } : {}) }),
  suiteRuns: (flowId: string) => call<SuiteRun[]>('GET', tests(flowId, '/runs')),
  suiteRun: (flowId: string, suiteRunId: string) => call<SuiteRun>('GET', tests(flowId, `/runs/${encodeURIComponent(suiteRunId)}`)),
  compareSuites: (flowId: string, base: number | 'draft', head: number | 'draft') => call<SuiteComparison>('GET', tests(flowId, `/compare?base=${base}&head=${head}`)),
  testScores: (flowId: string) => call<SuiteScores[]>('GET', tests(flowId, '/scores')),
  testSettings: (flowId: string) => call<TestSettings>('GET', tests(flowId, '/settings')),
  saveTestSettings: (flowId: string, settings: TestSettings) => call<TestSettings>('PUT', tests(flowId, '/settings'), settings),
  versions: (flowId: string) => call<FlowVersionSummary[]>('GET', `/api/flows/${encodeURIComponent(flowId)}/versions`),
  version: (flowId: string, version: number) => call<FlowVersion>('GET', `/api/flows/${encodeURIComponent(flowId)}/versions/${version}`),
  rollback: (flowId: string, version: number, note?: string) =>
    call<CheckedFlow>('POST', `/api/flows/${encodeURIComponent(flowId)}/versions/${version}/rollback`, note ? { note } : {}),
  /** a data-source flow's sync job (runtime/http/routes/sync.ts) */
  syncState: (flowId: string) => call<SyncJobState>('GET', `/api/flows/${encodeURIComponent(flowId)}/sync`),
  syncAction: (flowId: string, action: 'pause' | 'resume') => call<SyncJobState>('POST', `/api/flows/${encodeURIComponent(flowId)}/sync/${action}`),
  runSyncNow: (flowId: string) => call<{ syncId: string }>('POST', `/api/flows/${encodeURIComponent(flowId)}/sync/run`),
  startRun: (flowId: string, input: unknown, breakpoints: Breakpoint[] = []) =>
    call<{ runId: string }>('POST', `/api/flows/${encodeURIComponent(flowId)}/runs`, breakpoints.length ? { input, breakpoints } : { input }),
  /** a running test run's breakpoints, replaced (docs/debugging.md#breakpoints) */
  setBreakpoints: (runId: string, breakpoints: Breakpoint[]) =>
    call<{ breakpoints: Breakpoint[] }>('PUT', `/api/runs/${encodeURIComponent(runId)}/breakpoints`, { breakpoints }),
  /** step, continue or abort a test run paused at a breakpoint; `message` replaces the held one */
  debugRun: (runId: string, action: 'step' | 'continue' | 'abort', message?: { value: unknown }) =>
    call<{ status: string }>('POST', `/api/runs/${encodeURIComponent(runId)}/debug`, message ? { action, message: message.value } : { action }),
  runs: (flowId: string) => call<RunSummary[]>('GET', `/api/flows/${encodeURIComponent(flowId)}/runs`),
  run: (runId: string) => call<RunSnapshot>('GET', `/api/runs/${encodeURIComponent(runId)}`),
  cancelRun: (runId: string) => call<{ status: string }>('POST', `/api/runs/${encodeURIComponent(runId)}/cancel`),
  /** the debug loop (docs/debugging.md): a re-run from a node, its plan, one node run alone, two runs compared */
  rerun: (runId: string, fromNode: string, inputs: Record<string, unknown>, iteration?: number) =>
    call<{ runId: string }>('POST', `/api/runs/${encodeURIComponent(runId)}/rerun`, iteration === undefined ? { fromNode, inputs } : { fromNode, inputs, iteration }),
  rerunPlan: (runId: string, fromNode: string) => call<RerunPlan>('GET', `/api/runs/${encodeURIComponent(runId)}/rerun-plan?fromNode=${encodeURIComponent(fromNode)}`),
  runNode: (flowId: string, nodeId: string, body: { fromRun?: string; input?: unknown }) =>
    call<NodeRunAnswer>('POST', `/api/flows/${encodeURIComponent(flowId)}/nodes/${encodeURIComponent(nodeId)}/run`, body),
  compareRuns: (a: string, b: string) => call<RunComparison>('GET', `/api/runs/${encodeURIComponent(a)}/compare/${encodeURIComponent(b)}`),
  actors: (runId: string) => call<ActorView[]>('GET', `/api/runs/${encodeURIComponent(runId)}/actors`),
  credentials: (projectId: string) => call<Credential[]>('GET', inProject(projectId, '/credentials')),
  credential: (projectId: string, id: string) => call<Credential>('GET', inProject(projectId, `/credentials/${encodeURIComponent(id)}`)),
  createCredential: (projectId: string, draft: CredentialInput) => call<Credential>('POST', inProject(projectId, '/credentials'), draft),
  /** Connect through the tool-execution service (mail, table database, notes workspace): where to send the browser */
  startToolConnection: (projectId: string, credentialType: string, name: string) =>
    call<{ redirectUrl: string }>('POST', inProject(projectId, '/tool-connections'), { credential_type: credentialType, name }),
  updateCredential: (projectId: string, id: string, patch: CredentialPatch) =>
    call<Credential>('PUT', inProject(projectId, `/credentials/${encodeURIComponent(id)}`), patch),
  deleteCredential: (projectId: string, id: string) => call<void>('DELETE', inProject(projectId, `/credentials/${encodeURIComponent(id)}`)),
  testCredential: (provider: string, payload: TestCredentialsRequest['payload']) =>
    call<TestCredentialsAnswer>('POST', `/api/testCreds/${encodeURIComponent(provider)}`, { payload } satisfies TestCredentialsRequest),
  oauthTypes: () => call<OAuthTypeView[]>('GET', '/api/oauth/types'),
  startOAuth: (projectId: string, request: OAuthStartRequest) => call<OAuthStartAnswer>('POST', inProject(projectId, '/oauth/start'), request),
  oauthApps: () => call<OAuthAppView[]>('GET', '/api/oauth/apps'),
  saveOAuthApp: (marketplaceId: number, input: OAuthAppInput) => call<void>('PUT', `/api/oauth/apps/${marketplaceId}`, input),
  removeOAuthApp: (marketplaceId: number) => call<void>('DELETE', `/api/oauth/apps/${marketplaceId}`),
  mcpTools: (projectId: string, credential: string) =>
    call<{ tools: { name: string; description: string }[] }>('GET', inProject(projectId, `/mcp-servers/${encodeURIComponent(credential)}/tools`)),
  /** a form dropdown's choices from its server-side loader (field `loadOptionsMethod`), given the form's values */
  loadOptions: (projectId: string, method: string, input: Record<string, unknown>) =>
    call<{ label: string; value: string }[]>('POST', inProject(projectId, `/load-options/${encodeURIComponent(method)}`), { input }),
  apiKeys: (projectId: string) => call<ApiKeyView[]>('GET', inProject(projectId, '/api-keys')),
  createApiKey: (projectId: string, name: string) => call<NewApiKey>('POST', inProject(projectId, '/api-keys'), { name }),
  revokeApiKey: (projectId: string, id: string) => call<void>('DELETE', inProject(projectId, `/api-keys/${encodeURIComponent(id)}`)),
  defaultModels: (projectId: string) => call<DefaultModels>('GET', inProject(projectId, '/default-models')),
  saveDefaultModels: (projectId: string, models: DefaultModels) => call<DefaultModels>('PUT', inProject(projectId, '/default-models'), models),
  usage: (projectId: string) => call<UsageRecord>('GET', inProject(projectId, '/usage')),
  logs: (projectId: string, query: LogQuery) => {
    const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => [k, String(v)]));
    return call<LogPage>('GET', inProject(projectId, `/logs${params.size ? `?${params}` : ''}`));
  },
};

/** The URL production callers POST to. */
export function webhookUrl(flowId: string): string {
  return `${window.location.origin}/hook/${flowId}`;
}
