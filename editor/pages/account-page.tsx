/** @module editor/pages/account-page — the signed-in person: who they are, a new password (other sessions stay signed in), and for operators the OAuth apps. */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { auth } from '../stores/app-stores.ts';
import { toasts } from '../stores/toast-store.ts';
import { OAuthAppsPanel } from './oauth-apps-panel.tsx';
import { PageHeader } from './page-header.tsx';

export const AccountPage = observer(function AccountPage() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState('');
  const change = async () => {
    setError('');
    try {
      await api.changePassword(current, next);
      setCurrent('');
      setNext('');
      toasts.show('Password changed', 'success');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div className="page">
      <PageHeader crumbs={<span>Account</span>} />
      <main className="list-page narrow">
        <h1>{auth.user?.name}</h1>
        <p className="muted">{auth.user?.email}</p>
        <form className="stacked-form" onSubmit={(e) => (e.preventDefault(), void change())}>
          <h2>Change password</h2>
          <label className="field-label" htmlFor="current-password">Current password</label>
          <input id="current-password" className="input" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <label className="field-label" htmlFor="new-password">New password</label>
          <input id="new-password" className="input" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          {error && <p className="field-problem" role="alert">{error}</p>}
          <button className="btn btn--primary" disabled={!current || !next}>Change password</button>
        </form>
        <OAuthAppsPanel />
      </main>
    </div>
  );
});
