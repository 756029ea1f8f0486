/** @module editor/api/client — every HTTP call the studio makes; errors carry the server's message and code. */
import type { NodeDefinition } from '../../catalogue/types.ts';
import type { CredentialForm } from '../../catalogue/credentials/types.ts';
import type { Me, Member, NewMember, OrganisationView, Role, SignedIn } from '../../contract/accounts.ts';
import type { Credential, CredentialInput, CredentialPatch } from '../../contract/credentials.ts';
import type { CheckedFlow, FlowDocument, FlowEdge, FlowNode, StickyNote } from '../../contract/flow-document.ts';
import type { LogPage, LogQuery } from '../../contract/logs.ts';
import type { DefaultModels } from '../../contract/models.ts';
import type { ApiKeyView, NewApiKey, ProjectView, UsageRecord } from '../../contract/projects.ts';
import type { ActorView, RunSnapshot, RunSummary } from '../../contract/runs.ts';
import type { FlowVersion, FlowVersionSummary } from '../../contract/versions.ts';

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

export const api = {
  signIn: (email: string, password: string) => call<SignedIn>('POST', '/api/auth/sign-in', { email, password }),
  signOut: () => call<void>('POST', '/api/auth/sign-out'),
  me: () => call<Me>('GET', '/api/auth/me'),
  changePassword: (currentPassword: string, newPassword: string) => call<void>('PUT', '/api/auth/password', { currentPassword, newPassword }),
  organisations: () => call<OrganisationView[]>('GET', '/api/organisations'),
  members: (organisationId: string) => call<Member[]>('GET', `/api/organisations/${encodeURIComponent(organisationId)}/members`),
  addMember: (organisationId: string, member: NewMember) => call<Member>('POST', `/api/organisations/${encodeURIComponent(organisationId)}/members`, member),
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
  flows: (projectId: string) => call<FlowDocument[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/flows`),
  createFlow: (projectId: string, draft: FlowDraft) => call<CheckedFlow>('POST', `/api/projects/${encodeURIComponent(projectId)}/flows`, draft),
  flow: (id: string) => call<CheckedFlow>('GET', `/api/flows/${encodeURIComponent(id)}`),
  saveFlow: (id: string, doc: Pick<FlowDocument, 'name' | 'nodes' | 'edges' | 'notes' | 'version'>) =>
    call<CheckedFlow>('PUT', `/api/flows/${encodeURIComponent(id)}`, doc),
  deleteFlow: (id: string) => call<void>('DELETE', `/api/flows/${encodeURIComponent(id)}`),
  deploy: (id: string, status: 'active' | 'inactive', note?: string) =>
    call<CheckedFlow>('POST', `/api/flows/${encodeURIComponent(id)}/deploy`, status === 'active' && note ? { status, note } : { status }),
  versions: (flowId: string) => call<FlowVersionSummary[]>('GET', `/api/flows/${encodeURIComponent(flowId)}/versions`),
  version: (flowId: string, version: number) => call<FlowVersion>('GET', `/api/flows/${encodeURIComponent(flowId)}/versions/${version}`),
  rollback: (flowId: string, version: number, note?: string) =>
    call<CheckedFlow>('POST', `/api/flows/${encodeURIComponent(flowId)}/versions/${version}/rollback`, note ? { note } : {}),
  startRun: (flowId: string, input: unknown) => call<{ runId: string }>('POST', `/api/flows/${encodeURIComponent(flowId)}/runs`, { input }),
  runs: (flowId: string) => call<RunSummary[]>('GET', `/api/flows/${encodeURIComponent(flowId)}/runs`),
  run: (runId: string) => call<RunSnapshot>('GET', `/api/runs/${encodeURIComponent(runId)}`),
  cancelRun: (runId: string) => call<{ status: string }>('POST', `/api/runs/${encodeURIComponent(runId)}/cancel`),
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
  mcpTools: (projectId: string, credential: string) =>
    call<{ tools: { name: string; description: string }[] }>('GET', inProject(projectId, `/mcp-servers/${encodeURIComponent(credential)}/tools`)),
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
