/** @module scripts/demo/seed — creates the demo project and its example flows over the HTTP API, once. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const demoName = 'Demo';

async function call<T>(base: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`demo seed: ${method} ${path}: ${answer.error?.message ?? response.status}`);
  return answer;
}

/** The example flows shipped in this folder (`*.flow.json`). */
export function demoFlows(): { name: string; nodes: unknown[]; edges: unknown[]; sampleInput: unknown }[] {
  return readdirSync(import.meta.dirname)
    .filter((file) => file.endsWith('.flow.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(import.meta.dirname, file), 'utf8')));
}

/** Create the demo project with active example flows unless it exists; null when it did. */
export async function seedDemo(base: string): Promise<{ projectId: string; flows: number } | null> {
  const projects = await call<{ id: string; name: string }[]>(base, 'GET', '/api/projects');
  if (projects.some((p) => p.name === demoName)) return null;
  const project = await call<{ id: string }>(base, 'POST', '/api/projects', { name: demoName });
  const flows = demoFlows();
  for (const { sampleInput: _sample, ...flow } of flows) {
    const created = await call<{ id: string }>(base, 'POST', `/api/projects/${project.id}/flows`, flow);
    await call(base, 'POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  }
  return { projectId: project.id, flows: flows.length };
}
