/**
 * @module editor/pages/invitation-page — an invitation link (`/invitations/:token`): what it
 * invites to, and joining: signed in as the invited email, one Accept; without an account, a
 * name and password make one; with an account but signed out, sign in first (the link stays).
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { api, session } from '../api/client.ts';
import type { InvitationPreview } from '../../contract/accounts.ts';
import { auth, router } from '../stores/app-stores.ts';
import { toasts } from '../stores/toast-store.ts';
import { SignInPage } from './sign-in-page.tsx';

export const InvitationPage = observer(function InvitationPage({ token }: { token: string }) {
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [problem, setProblem] = useState('');
  const [account, setAccount] = useState({ name: '', password: '' });
  const [signIn, setSignIn] = useState(false);
  useEffect(() => void api.invitation(token).then(setPreview, (e: Error) => setProblem(e.message)), [token]);

  const accept = async (withAccount?: { name: string; password: string }) => {
    try {
      const accepted = await api.acceptInvitation(token, withAccount);
      if (accepted.csrfToken) session.csrfToken = accepted.csrfToken;
      await auth.check();
      toasts.show(`You joined ${accepted.organisation.name}`, 'success');
      router.go({ page: 'projects' });
    } catch (e) {
      toasts.show((e as Error).message, 'error', 8000);
    }
  };

  if (problem) return <p className="centre-note error-text">{problem}: the link is wrong, used or older than 7 days. Ask for a new one.</p>;
  if (!preview) return <p className="muted centre-note">Loading…</p>;
  if (signIn && auth.status === 'signed-out') return <SignInPage auth={auth} />;
  const signedIn = auth.status === 'signed-in';
  return (
    <main className="list-page" data-testid="invitation-page">
      <h1>Join {preview.organisation.name}</h1>
      <p>
        {preview.email} is invited as {preview.role}.
      </p>
      {signedIn && auth.user?.email === preview.email && (
        <button className="btn btn--primary" onClick={() => void accept()}>Accept</button>
      )}
      {signedIn && auth.user?.email !== preview.email && <p className="error-text">You are signed in as {auth.user?.email}: sign in as {preview.email} to accept.</p>}
      {!signedIn && (
        <>
          <form className="inline-form wrap" onSubmit={(e) => (e.preventDefault(), void accept(account))}>
            <input className="input" placeholder="Your name" aria-label="Your name" value={account.name} onChange={(e) => setAccount({ ...account, name: e.target.value })} />
            <input className="input" type="password" placeholder="Choose a password" aria-label="Choose a password" autoComplete="new-password" value={account.password} onChange={(e) => setAccount({ ...account, password: e.target.value })} />
            <button className="btn btn--primary" disabled={!account.name.trim() || !account.password}>Create account and join</button>
          </form>
          <button className="btn btn--ghost" onClick={() => setSignIn(true)}>I have an account: sign in</button>
        </>
      )}
    </main>
  );
});
