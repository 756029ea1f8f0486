/**
 * @module editor/app — the studio shell: the sign-in page until a session exists, then the
 * project list, a project's sections (flows, credentials, API keys, usage, logs), a flow's canvas,
 * the organisation's members, your account, a node's docs page and an invitation link (open
 * without a session).
 */
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { AccountPage } from './pages/account-page.tsx';
import { FlowPage } from './pages/flow-page.tsx';
import { InvitationPage } from './pages/invitation-page.tsx';
import { MembersPage } from './pages/members-page.tsx';
import { NodeDocsPage } from './pages/node-docs-page.tsx';
import { ProjectPage } from './pages/project-page.tsx';
import { ProjectsPage } from './pages/projects-page.tsx';
import { SignInPage } from './pages/sign-in-page.tsx';
import { Toasts } from './panels/toasts.tsx';
import { auth, catalogue, router } from './stores/app-stores.ts';

const Screen = observer(function Screen() {
  const route = router.route;
  // list pages load afresh after every sign-in; an open flow stays for the same person (its
  // unsaved edits are saved once they have signed in again), another person gets it afresh
  const key = `${auth.sessions}:`;
  if (route.page === 'project') return <ProjectPage key={key + route.projectId} projectId={route.projectId} section={route.section} router={router} />;
  if (route.page === 'members') return <MembersPage key={key} />;
  if (route.page === 'account') return <AccountPage key={key} />;
  if (route.page === 'node-docs') return <NodeDocsPage name={route.name} catalogue={catalogue} />;
  if (route.page === 'flow') return <FlowPage key={`${auth.generation}:${route.flowId}`} flowId={route.flowId} runId={route.runId} debug={route.debug} router={router} catalogue={catalogue} />;
  return <ProjectsPage key={key} router={router} />;
});

export const App = observer(function App() {
  useEffect(() => void auth.check(), []);
  return (
    <>
      {auth.status === 'checking' && !auth.unreachable && <p className="muted centre-note">Loading…</p>}
      {auth.status === 'checking' && auth.unreachable && (
        <div className="centre-note">
          <p className="error-text">The server did not answer: {auth.unreachable}</p>
          <button className="btn" onClick={() => void auth.check()}>Try again</button>
        </div>
      )}
      {router.route.page === 'invitation' ? (
        auth.status !== 'checking' && <InvitationPage token={router.route.token} />
      ) : (
        <>
          {(auth.status === 'signed-in' || auth.resumable) && <Screen />}
          {auth.status === 'signed-out' && <SignInPage auth={auth} />}
        </>
      )}
      <Toasts />
    </>
  );
});
