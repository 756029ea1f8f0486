/** @module editor/pages/sign-in-page — email and password; on success the studio shows the page the URL names. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { AuthStore } from '../stores/auth-store.ts';

export const SignInPage = observer(function SignInPage({ auth }: { auth: AuthStore }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      await auth.signIn(email.trim(), password);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <main className={`sign-in${auth.resumable ? ' sign-in--over' : ''}`} data-testid="sign-in">
      <form className="sign-in-card" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <div className="brand">
          <span className="brand-mark" />
          weft
        </div>
        <h1>Sign in</h1>
        {auth.notice && <p className="muted">{auth.notice}</p>}
        <label className="field-label" htmlFor="sign-in-email">Email</label>
        <input id="sign-in-email" className="input" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} autoFocus required />
        <label className="field-label" htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
        {error && <p className="field-problem" role="alert">{error}</p>}
        <button className="btn btn--primary" disabled={busy || !email.trim() || !password}>{busy ? 'Signing in…' : 'Sign in'}</button>
        <p className="field-desc">The first start of weft prints the admin's email and password.</p>
      </form>
    </main>
  );
});
