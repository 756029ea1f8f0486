/** @module editor/app — the studio shell: routes between the project list, a project's flows and a flow's canvas. */
import { observer } from 'mobx-react-lite';
import { FlowPage } from './pages/flow-page.tsx';
import { FlowsPage } from './pages/flows-page.tsx';
import { ProjectsPage } from './pages/projects-page.tsx';
import { Toasts } from './panels/toasts.tsx';
import { CatalogueStore } from './stores/catalogue-store.ts';
import { RouterStore } from './stores/router-store.ts';

export const router = new RouterStore();
export const catalogue = new CatalogueStore();

export const App = observer(function App() {
  const route = router.route;
  return (
    <>
      {route.page === 'projects' && <ProjectsPage router={router} />}
      {route.page === 'project' && <FlowsPage key={route.projectId} projectId={route.projectId} router={router} />}
      {route.page === 'flow' && <FlowPage key={route.flowId} flowId={route.flowId} runId={route.runId} router={router} catalogue={catalogue} />}
      <Toasts />
    </>
  );
});
