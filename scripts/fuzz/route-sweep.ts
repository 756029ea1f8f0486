/**
 * @module scripts/fuzz/route-sweep — every HTTP route of a running weft (its route table) with
 * every bad body of bad-inputs.ts, signed in as an owner: no answer may be a 500 and every
 * refusal says why (a JSON error's message, or a page); the server must stay up; the project's flows,
 * credentials and runs must read back unchanged. Routes that end the session or that would
 * delete the seeded data are called with ids that do not exist.
 */
import type { RouteEntry } from '../../runtime/http/app.ts';
import type { Client } from '../../runtime/testing/session-client.ts';
import { badBodies } from './bad-inputs.ts';

export interface SweepFailure {
  where: string;
  input: string;
  problem: string;
}

export interface SweepReport {
  tried: Map<string, number>;
  failures: SweepFailure[];
}

export interface SeededIds {
  projectId: string;
  flowId: string;
  runId: string;
  organisationId: string;
  credentialId: string;
}

/** `kept`: read and checked after the sweep, never written to; `scratch`: what writes go to (a project of its own) */
export interface Seeded {
  kept: SeededIds;
  scratch: SeededIds;
}

const SKIPPED = new Set(['POST /api/auth/sign-out']);
/** the methods clients send (a route answering every method, as GraphQL's and MCP's do, is swept with these) */
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** the message of a refusal: `{error: {message}}`, or GraphQL's `{errors: [{message}]}` */
function messageOf(text: string): unknown {
  const body = JSON.parse(text) as { error?: { message?: unknown }; errors?: Array<{ message?: unknown }> };
  return body.error?.message ?? body.errors?.[0]?.message;
}

/** The path with its parameters filled: the kept ids to read, the scratch ids to write, unknown ids to delete. */
function fill(route: RouteEntry, seeded: Seeded): string {
  const ids = route.method === 'GET' ? seeded.kept : seeded.scratch;
  const values: Record<string, string> =
    route.method === 'DELETE' ? {} : { projectId: ids.projectId, flowId: ids.flowId, runId: ids.runId, organisationId: ids.organisationId, id: ids.credentialId };
  return route.path.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => values[name] ?? `nope_${name}`);
}

/** The kept flow, credential and run as they read back (the whole answers). */
async function snapshot(client: Client, kept: SeededIds): Promise<string> {
  const read = async (path: string) => (await client.request('GET', path)).text();
  return JSON.stringify([
    await read(`/api/flows/${kept.flowId}`),
    await read(`/api/projects/${kept.projectId}/credentials/${kept.credentialId}`),
    await read(`/api/runs/${kept.runId}`),
  ]);
}

/** One request, bounded: an event stream (run events, chat answers) is taken as answered once its headers come. */
async function send(base: string, client: Client, method: string, path: string, body?: string): Promise<{ status: number; type: string; text: string }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...client.headers },
    body,
    signal: AbortSignal.timeout(REQUEST_BOUND_MS),
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, text: '' };
  }
  return { status: response.status, type, text: await response.text() };
}

const REQUEST_BOUND_MS = 30_000;

export async function sweepRoutes(base: string, client: Client, routes: readonly RouteEntry[], seeded: Seeded, options: { bodies?: number } = {}): Promise<SweepReport> {
  const report: SweepReport = { tried: new Map(), failures: [] };
  const bodies = badBodies.slice(0, options.bodies ?? badBodies.length);
  const before = await snapshot(client, seeded.kept);
  for (const route of routes.filter((r) => METHODS.has(r.method))) {
    const name = `${route.method} ${route.path}`;
    if (SKIPPED.has(name)) continue;
    const path = fill(route, seeded);
    for (const [input, body] of route.method === 'GET' ? [['bad query', ''] as const] : bodies) {
      const target = route.method === 'GET' ? `${path}?versions=%00&limit=-1&cursor=%7B%7B&__proto__[x]=1` : path;
      report.tried.set(name, (report.tried.get(name) ?? 0) + 1);
      let response: { status: number; type: string; text: string };
      try {
        response = await send(base, client, route.method, target, route.method === 'GET' ? undefined : body);
      } catch (error) {
        report.failures.push({ where: name, input, problem: `no answer within ${REQUEST_BOUND_MS / 1000} s: ${(error as Error).message}` });
        continue;
      }
      const text = response.text;
      // 500 is a fault of weft's; a 502/503 about another service (not configured, unreachable) must say so
      const message = response.type.includes('json') && response.status >= 400 ? messageOf(text) : undefined;
      if (response.status === 500) report.failures.push({ where: name, input, problem: `${response.status} ${text.slice(0, 200)}` });
      else if (response.status >= 400 && (response.type.includes('json') ? typeof message !== 'string' || !message.trim() : !text.trim())) {
        report.failures.push({ where: name, input, problem: `${response.status} without an error message: ${text.slice(0, 200)}` });
      }
      if (({} as Record<string, unknown>).polluted !== undefined) report.failures.push({ where: name, input, problem: 'Object.prototype was polluted' });
    }
    const health = await client.request('GET', '/api/health').catch(() => null);
    if (health?.status !== 200) report.failures.push({ where: name, input: '(after)', problem: `the server stopped answering /api/health (${health?.status ?? 'no answer'})` });
  }
  if ((await snapshot(client, seeded.kept)) !== before) report.failures.push({ where: '(stored data)', input: '(all)', problem: 'the kept flow, credential or run reads back changed' });
  return report;
}
