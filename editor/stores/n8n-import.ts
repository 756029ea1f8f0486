/**
 * @module editor/stores/n8n-import — pasting an n8n workflow (what n8n's "Copy" or "Download"
 * gives) makes a new draft through the server's import (POST …/flows/import-n8n); the studio then
 * opens it and shows, over the canvas, what the import could not carry over.
 */
import { makeAutoObservable } from 'mobx';
import { api } from '../api/client.ts';
import type { ImportProblem } from '../../contract/n8n-import.ts';
import type { RouterStore } from './router-store.ts';
import { toasts } from './toast-store.ts';

/** The n8n workflow a pasted text holds (nodes with n8n types, and connections), or null for any other text. */
export function n8nWorkflowIn(text: string): Record<string, unknown> | null {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') || !trimmed.includes('n8n')) return null;
  let data: unknown;
  try {
    data = JSON.parse(trimmed);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { nodes, connections } = data as { nodes?: unknown; connections?: unknown };
  if (!Array.isArray(nodes) || typeof connections !== 'object' || connections === null) return null;
  const isN8nType = (node: unknown) => typeof (node as { type?: unknown })?.type === 'string' && /^(n8n-nodes-|@n8n\/)/.test((node as { type: string }).type);
  return nodes.some(isN8nType) ? (data as Record<string, unknown>) : null;
}

/** Is the builder typing (a paste there is text for that field, not a workflow)? */
export function pastedIntoField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));
}

class N8nImports {
  /** what the import of each flow (by id) could not map, until the builder dismisses it */
  problems = new Map<string, ImportProblem[]>();
  busy = false;

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Import into the project and open the draft; a refusal is a toast with the server's words. */
  async importInto(projectId: string, workflow: unknown, router: RouterStore): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const answer = await api.importN8n(projectId, workflow);
      this.problems.set(answer.flowId, answer.importProblems);
      const count = answer.importProblems.length;
      toasts.show(`Imported the n8n workflow as “${answer.flow.name}”${count ? `: ${count} thing${count === 1 ? '' : 's'} to check` : ''}`, count ? 'info' : 'success', 6000);
      router.go({ page: 'flow', flowId: answer.flowId });
    } catch (error) {
      toasts.show(`Could not import the n8n workflow: ${(error as Error).message}`, 'error', 8000);
    } finally {
      this.busy = false;
    }
  }

  dismiss(flowId: string): void {
    this.problems.delete(flowId);
  }
}

export const n8nImports = new N8nImports();
