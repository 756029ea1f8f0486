/** @module editor/pages/flow-page — one flow: toolbar, palette, canvas (with its right-click menu) and the side panel. */
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { Palette } from '../panels/palette.tsx';
import { SidePanel } from '../panels/side-panel.tsx';
import { Toolbar } from '../panels/toolbar.tsx';
import type { CatalogueStore } from '../stores/catalogue-store.ts';
import type { RouterStore } from '../stores/router-store.ts';
import { auth } from '../stores/app-stores.ts';
import { leaveWarning } from '../stores/leave-guard.ts';
import { Studio } from '../stores/studio.ts';
import { CanvasOverlay } from '../panels/canvas-overlay.tsx';
import { ConnectPalette } from '../panels/connect-palette.tsx';
import { DraftProblemsBanner } from '../panels/draft-problems-banner.tsx';
import { ImportProblemsBanner } from '../panels/import-problems-banner.tsx';
import { useN8nPaste } from './use-n8n-paste.ts';
import { CompareView } from '../versions/compare-view.tsx';
import { ContextMenu } from '../canvas/context-menu.tsx';

export const FlowPage = observer(function FlowPage(props: { flowId: string; runId?: string; debug?: boolean; router: RouterStore; catalogue: CatalogueStore }) {
  const [studio] = useState(() => new Studio(props.flowId, props.catalogue));
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (container.current) void studio.mount(container.current, props.runId, props.debug);
    return () => studio.dispose();
    // the studio lives as long as this page; the run id only matters on first load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [studio]);

  // moving elsewhere in the studio with edits the server does not have asks first
  useEffect(
    () => props.router.guardLeaving((to) => (studio.session.unsynced && !(to.page === 'flow' && to.flowId === props.flowId) ? leaveWarning : null)),
    [studio, props.router, props.flowId],
  );

  // a save refused while the session had ended goes out once the builder has signed in again
  useEffect(() => reaction(() => auth.sessions, () => studio.session.saveState === 'error' && void studio.session.save()), [studio]);

  // an n8n workflow pasted on the canvas becomes a new draft of this flow's project
  useN8nPaste(() => studio.session.flow?.projectId, props.router, () => studio.commands?.tookExternalPaste());

  const onDrop = (event: React.DragEvent) => {
    const type = event.dataTransfer.getData('application/x-weft-node');
    if (!type || !studio.canvas) return;
    event.preventDefault();
    void studio.canvas.addNode(type, studio.canvas.pointFrom(event));
  };

  return (
    <div className="studio" data-testid="studio">
      <Toolbar studio={studio} router={props.router} />
      <div className="studio-body">
        <Palette studio={studio} />
        <div className="canvas-wrap" onDragOver={(e) => e.dataTransfer.types.includes('application/x-weft-node') && e.preventDefault()} onDrop={onDrop}>
          <div className="canvas" ref={container} data-testid="canvas" />
          <CanvasOverlay studio={studio} />
          <ConnectPalette studio={studio} />
          <DraftProblemsBanner studio={studio} />
          <ImportProblemsBanner flowId={props.flowId} />
          <ContextMenu store={studio.menu} />
          {studio.loadError && <div className="canvas-error">{studio.loadError}</div>}
        </div>
        <SidePanel studio={studio} router={props.router} />
        {studio.versions.compare && <CompareView studio={studio} />}
      </div>
    </div>
  );
});
