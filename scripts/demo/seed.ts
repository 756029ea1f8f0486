/**
 * @module scripts/demo/seed — creates the demo project and its example flows over the HTTP API,
 * once, as the signed-in user whose session headers it is given (the first start's admin).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** the demo project's name: a user who has a project of this name is not seeded again */
export const DEMO_PROJECT = 'Demo';

type Call = <T>(method: string, path: string, body?: unknown) => Promise<T>;

const caller = (base: string, session: Record<string, string>): Call => async <T>(method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...session },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`demo seed: ${method} ${path}: ${answer.error?.message ?? response.status}`);
  return answer;
};

const root = join(import.meta.dirname, '..', '..');

/** Pages of docs/ that answer no question of a reader: the generated node reference, the dated figures. */
const notIndexed = new Set(['nodes.md', 'performance-log.md']);

/** The docs "Search the docs" searches: README.md, ARCHITECTURE.md and docs/*.md (but `notIndexed`). */
export function ownDocs(): string[] {
  const guides = readdirSync(join(root, 'docs')).filter((file) => file.endsWith('.md') && !notIndexed.has(file)).sort();
  return ['README.md', 'ARCHITECTURE.md', ...guides.map((file) => `docs/${file}`)];
}

/**
 * weft's own docs (ownDocs) through the (public) "Index documents" webhook, in one call (one run).
 * A run that outlasts the webhook's wait (202: a loaded machine's first opening of the vector
 * store) is followed to its end, so the docs are searchable once the seed is done.
 */
async function indexOwnDocs(base: string, flowId: string, call: Call): Promise<void> {
  const text = ownDocs().map((file) => readFileSync(join(root, file), 'utf8')).join('\n\n');
  const answer = await fetch(`${base}/hook/${flowId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
  if (!answer.ok) throw new Error(`demo seed: indexing the docs: ${answer.status} ${await answer.text()}`);
  if (answer.status !== 202) return;
  const { runId } = (await answer.json()) as { runId: string };
  for (let waited = 0; waited < 300_000; waited += 500) {
    const run = await call<{ status: string; error?: string }>('GET', `/api/runs/${runId}`);
    if (run.status === 'completed') return;
    if (run.status !== 'running') throw new Error(`demo seed: indexing the docs: run ${runId} ${run.status}${run.error ? `: ${run.error}` : ''}`);
    await new Promise((ok) => setTimeout(ok, 500));
  }
  throw new Error(`demo seed: indexing the docs: run ${runId} still running after 5 minutes`);
}

/** A demo flow as shipped: the flow document, and how to call it (`example`, see demo-calls.ts). */
export interface DemoFlow {
  name: string;
  nodes: { id: string; type: string }[];
  edges: unknown[];
  /** the body its row in docs/demo-flows.md documents, and what it answers */
  example: { body: unknown; answers: string };
  /** its test cases (docs/flow-tests.md), made with it */
  tests?: unknown[];
}

/**
 * The example flows shipped in this folder (`*.flow.json`); `$WEFT_URL` in them becomes `base`,
 * this weft's own address ("Index a website" crawls its served docs at `$WEFT_URL/docs/`).
 */
export function demoFlows(base = 'http://127.0.0.1:3000'): DemoFlow[] {
  return readdirSync(import.meta.dirname)
    .filter((file) => file.endsWith('.flow.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(import.meta.dirname, file), 'utf8').replaceAll('$WEFT_URL', base)) as DemoFlow);
}

/** A server bound to every address is crawled at loopback. */
export function ownAddress(url: string): string {
  return url.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:');
}

/** A string value `demo-flow:<name>` in a demo flow names another demo flow (a flow tool's `flowId`); seeding puts its id there. */
export const DEMO_FLOW_REF = 'demo-flow:';

function refsOf(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith(DEMO_FLOW_REF) ? [value.slice(DEMO_FLOW_REF.length)] : [];
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(refsOf);
  return [];
}

function withIds<T>(value: T, ids: Record<string, string>): T {
  if (typeof value === 'string' && value.startsWith(DEMO_FLOW_REF)) return ids[value.slice(DEMO_FLOW_REF.length)] as T;
  if (Array.isArray(value)) return value.map((v) => withIds(v, ids)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withIds(v, ids)])) as T;
  return value;
}

/**
 * Create the demo flows (without their `example`) through `create`, each after the demo flows
 * it names, with their ids in place of the `demo-flow:<name>` references; the ids by name.
 * A reference to no demo flow, or a cycle, throws before anything is created.
 */
export async function createDemoFlows(create: (flow: Omit<DemoFlow, 'example'>) => Promise<string>, flows = demoFlows()): Promise<Record<string, string>> {
  const names = new Set(flows.map((f) => f.name));
  const order: DemoFlow[] = [];
  const placed = new Set<string>();
  while (order.length < flows.length) {
    const next = flows.find((f) => !placed.has(f.name) && refsOf(f.nodes).every((name) => placed.has(name)));
    if (!next) {
      const stuck = flows.filter((f) => !placed.has(f.name)).flatMap((f) => refsOf(f.nodes).filter((n) => !placed.has(n)).map((n) => `${f.name} → ${n}`));
      const unknown = stuck.filter((line) => !names.has(line.split(' → ')[1]));
      throw new Error(`demo flows: ${unknown.length ? `no demo flow named ${unknown.join(', ')}` : `the references go round: ${stuck.join(', ')}`}`);
    }
    order.push(next);
    placed.add(next.name);
  }
  const ids: Record<string, string> = {};
  for (const { example: _example, ...flow } of order) ids[flow.name] = await create(withIds(flow, ids));
  return ids;
}

/**
 * Create the demo project with active example flows (each deployed as version 1) unless the user has one; null when they
 * did. `session`: the headers of a signed-in session (cookie and x-csrf-token); the project
 * goes into that user's first organisation.
 */
export async function seedDemo(base: string, session: Record<string, string>): Promise<{ projectId: string; flows: number; ids: Record<string, string> } | null> {
  const call = caller(base, session);
  const projects = await call<{ id: string; name: string }[]>('GET', '/api/projects');
  if (projects.some((p) => p.name === DEMO_PROJECT)) return null;
  const project = await call<{ id: string }>('POST', '/api/projects', { name: DEMO_PROJECT });
  const flows = demoFlows(ownAddress(base));
  const ids = await createDemoFlows(async ({ tests, ...flow }) => {
    const created = await call<{ id: string }>('POST', `/api/projects/${project.id}/flows`, flow);
    for (const test of tests ?? []) await call('POST', `/api/flows/${created.id}/tests`, test);
    await call('POST', `/api/flows/${created.id}/deploy`, { status: 'active', note: 'Demo flow' });
    // "Search the docs" searches weft's own docs: index them with "Index documents" (no key needed)
    if (flow.name.startsWith('Index documents')) await indexOwnDocs(base, created.id, call);
    return created.id;
  }, flows);
  return { projectId: project.id, flows: flows.length, ids };
}
