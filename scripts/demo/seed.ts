/**
 * @module scripts/demo/seed — creates the demo project and its example flows over the HTTP API,
 * once, as the signed-in user whose session headers it is given (the first start's admin).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const demoName = 'Demo';

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

/** README.md and ARCHITECTURE.md through the (public) "Index documents" webhook. */
async function indexOwnDocs(base: string, flowId: string): Promise<void> {
  for (const file of ['README.md', 'ARCHITECTURE.md']) {
    const text = readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8');
    const answer = await fetch(`${base}/hook/${flowId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
    if (!answer.ok) throw new Error(`demo seed: indexing ${file}: ${answer.status} ${await answer.text()}`);
  }
}

/** A demo flow as shipped: the flow document, and how to call it (`example`, see demo-calls.ts). */
export interface DemoFlow {
  name: string;
  nodes: { id: string; type: string }[];
  edges: unknown[];
  /** the body its README row documents, and what it answers */
  example: { body: unknown; answers: string };
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

/**
 * Create the demo project with active example flows (each deployed as version 1) unless the user has one; null when they
 * did. `session`: the headers of a signed-in session (cookie and x-csrf-token); the project
 * goes into that user's first organisation.
 */
export async function seedDemo(base: string, session: Record<string, string>): Promise<{ projectId: string; flows: number } | null> {
  const call = caller(base, session);
  const projects = await call<{ id: string; name: string }[]>('GET', '/api/projects');
  if (projects.some((p) => p.name === demoName)) return null;
  const project = await call<{ id: string }>('POST', '/api/projects', { name: demoName });
  const flows = demoFlows(ownAddress(base));
  for (const { example: _example, ...flow } of flows) {
    const created = await call<{ id: string }>('POST', `/api/projects/${project.id}/flows`, flow);
    await call('POST', `/api/flows/${created.id}/deploy`, { status: 'active', note: 'Demo flow' });
    // "Search the docs" searches weft's own docs: index them with "Index documents" (no key needed)
    if (flow.name.startsWith('Index documents')) await indexOwnDocs(base, created.id);
  }
  return { projectId: project.id, flows: flows.length };
}
