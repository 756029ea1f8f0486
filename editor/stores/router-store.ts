/**
 * @module editor/stores/router-store — the studio's place as a URL, so a reload or a shared
 * link lands on the same screen: `/`, `/projects/:id` (its flows), `/projects/:id/<section>`
 * (credentials, default models, API keys, usage, logs), `/flows/:id`, `/flows/:id/runs/:runId` (its
 * `/debug`: the run opened on the draft with its trigger input pinned), `/members` (the
 * chosen organisation's people), `/account` (your password), `/docs/nodes/:name` (a node's
 * page, its definition's `docs` address) and `/invitations/:token` (an invitation link).
 */
import { makeAutoObservable } from 'mobx';

export const projectSections = ['credentials', 'models', 'api-keys', 'usage', 'logs'] as const;
export type ProjectSection = (typeof projectSections)[number];

export type Route =
  | { page: 'projects' }
  | { page: 'members' }
  | { page: 'account' }
  | { page: 'project'; projectId: string; section?: ProjectSection }
  | { page: 'flow'; flowId: string; runId?: string; debug?: boolean }
  | { page: 'node-docs'; name: string }
  | { page: 'invitation'; token: string };

export function parseRoute(path: string): Route {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts.length === 1 && (parts[0] === 'members' || parts[0] === 'account')) return { page: parts[0] };
  if (parts[0] === 'projects' && parts[1]) {
    const section = projectSections.find((s) => s === parts[2]);
    return section ? { page: 'project', projectId: parts[1], section } : { page: 'project', projectId: parts[1] };
  }
  if (parts[0] === 'docs' && parts[1] === 'nodes' && parts[2]) return { page: 'node-docs', name: parts[2] };
  if (parts[0] === 'invitations' && parts[1]) return { page: 'invitation', token: parts[1] };
  if (parts[0] === 'flows' && parts[1]) {
    if (parts[2] !== 'runs' || !parts[3]) return { page: 'flow', flowId: parts[1] };
    return parts[4] === 'debug' ? { page: 'flow', flowId: parts[1], runId: parts[3], debug: true } : { page: 'flow', flowId: parts[1], runId: parts[3] };
  }
  return { page: 'projects' };
}

export function routePath(route: Route): string {
  if (route.page === 'project') return `/projects/${encodeURIComponent(route.projectId)}${route.section ? `/${route.section}` : ''}`;
  if (route.page === 'flow') return `/flows/${encodeURIComponent(route.flowId)}${route.runId ? `/runs/${encodeURIComponent(route.runId)}${route.debug ? '/debug' : ''}` : ''}`;
  if (route.page === 'members' || route.page === 'account') return `/${route.page}`;
  if (route.page === 'node-docs') return `/docs/nodes/${encodeURIComponent(route.name)}`;
  if (route.page === 'invitation') return `/invitations/${encodeURIComponent(route.token)}`;
  return '/';
}

export class RouterStore {
  route: Route;
  /** The open page's question before moving to `route` (unsynced edits), or null to just go. */
  private leaveGuard: ((to: Route) => string | null) | null = null;

  constructor() {
    this.route = parseRoute(window.location.pathname);
    makeAutoObservable<this, 'leaveGuard'>(this, { leaveGuard: false }, { autoBind: true });
    window.addEventListener('popstate', () => this.sync());
  }

  sync(): void {
    this.route = parseRoute(window.location.pathname);
  }

  /** Ask before leaving, while the page is open; returns the removal. */
  guardLeaving(guard: (to: Route) => string | null): () => void {
    this.leaveGuard = guard;
    return () => {
      if (this.leaveGuard === guard) this.leaveGuard = null;
    };
  }

  go(route: Route, replace = false): void {
    const question = this.leaveGuard?.(route);
    if (question && !window.confirm(question)) return;
    const path = routePath(route);
    if (path !== window.location.pathname) {
      if (replace) window.history.replaceState(null, '', path);
      else window.history.pushState(null, '', path);
    }
    this.route = route;
  }
}
