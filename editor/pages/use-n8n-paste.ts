/**
 * @module editor/pages/use-n8n-paste — listen for a paste of an n8n workflow anywhere on the page
 * (but in a field) and import it into the project. `onTaken` tells the canvas that this
 * keystroke's paste was the workflow, so it does not paste its own copied nodes as well.
 */
import { useEffect, useRef } from 'react';
import type { RouterStore } from '../stores/router-store.ts';
import { n8nImports, n8nWorkflowIn, pastedIntoField } from '../stores/n8n-import.ts';

export function useN8nPaste(projectId: () => string | undefined, router: RouterStore, onTaken?: () => void): void {
  const latest = useRef({ projectId, onTaken });
  latest.current = { projectId, onTaken };
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      if (pastedIntoField(event.target)) return;
      const workflow = n8nWorkflowIn(event.clipboardData?.getData('text/plain') ?? '');
      const project = latest.current.projectId();
      if (!workflow || !project) return;
      event.preventDefault();
      latest.current.onTaken?.();
      void n8nImports.importInto(project, workflow, router);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [router]);
}
