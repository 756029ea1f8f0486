/** @module editor/api/client — every HTTP call the studio makes; errors carry the server's message and code. */
import type { NodeDefinition } from '../../catalogue/types.ts';
import type { ActorView, FlowDocument, FlowEdge, FlowNode, Project, RunSnapshot, RunSummary } from './types.ts';

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

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let answer: unknown = undefined;
  try {
    answer = text ? JSON.parse(text) : undefined;
  } catch {
    answer = { error: { message: text } };
  }
  if (!response.ok) {
    const error = (answer as { error?: { message?: string; code?: string; details?: unknown } })?.error ?? {};
    throw new ApiError(error.message ?? `${method} ${path} answered ${response.status}`, response.status, error.code ?? 'http_error', error.details);
  }
  return answer as T;
}

export interface FlowDraft {
  name: string;
  nodes?: FlowNode[];
  edges?: FlowEdge[];
}

export const api = {
  catalogue: () => call<NodeDefinition[]>('GET', '/api/catalogue'),
  projects: () => call<Project[]>('GET', '/api/projects'),
  createProject: (name: string) => call<Project>('POST', '/api/projects', { name }),
  project: (id: string) => call<Project>('GET', `/api/projects/${encodeURIComponent(id)}`),
  flows: (projectId: string) => call<FlowDocument[]>('GET', `/api/projects/${encodeURIComponent(projectId)}/flows`),
  createFlow: (projectId: string, draft: FlowDraft) => call<FlowDocument>('POST', `/api/projects/${encodeURIComponent(projectId)}/flows`, draft),
  flow: (id: string) => call<FlowDocument>('GET', `/api/flows/${encodeURIComponent(id)}`),
  saveFlow: (id: string, doc: Pick<FlowDocument, 'name' | 'nodes' | 'edges' | 'version'>) =>
    call<FlowDocument>('PUT', `/api/flows/${encodeURIComponent(id)}`, doc),
  deleteFlow: (id: string) => call<void>('DELETE', `/api/flows/${encodeURIComponent(id)}`),
  deploy: (id: string, status: 'active' | 'inactive') => call<FlowDocument>('POST', `/api/flows/${encodeURIComponent(id)}/deploy`, { status }),
  startRun: (flowId: string, input: unknown) => call<{ runId: string }>('POST', `/api/flows/${encodeURIComponent(flowId)}/runs`, { input }),
  runs: (flowId: string) => call<RunSummary[]>('GET', `/api/flows/${encodeURIComponent(flowId)}/runs`),
  run: (runId: string) => call<RunSnapshot>('GET', `/api/runs/${encodeURIComponent(runId)}`),
  cancelRun: (runId: string) => call<{ status: string }>('POST', `/api/runs/${encodeURIComponent(runId)}/cancel`),
  actors: (runId: string) => call<ActorView[]>('GET', `/api/runs/${encodeURIComponent(runId)}/actors`),
};

/** The URL production callers POST to. */
export function webhookUrl(flowId: string): string {
  return `${window.location.origin}/hook/${flowId}`;
}
