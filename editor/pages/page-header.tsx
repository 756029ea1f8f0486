/** @module editor/pages/page-header — the top bar of the list pages: brand, the organisation switcher, breadcrumbs, members, your account and sign-out. */
import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { auth, router } from '../stores/app-stores.ts';
import { toasts } from '../stores/toast-store.ts';

const OrganisationSwitcher = observer(function OrganisationSwitcher() {
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const current = auth.organisation;
  if (creating) {
    const create = async () => {
      try {
        await auth.createOrganisation(name.trim());
        setCreating(false);
        setName('');
        router.go({ page: 'projects' });
      } catch (error) {
        toasts.show((error as Error).message, 'error');
      }
    };
    return (
      <form className="inline-form compact" onSubmit={(e) => (e.preventDefault(), void create())}>
        <input className="input small" autoFocus placeholder="Organisation name" aria-label="Organisation name" value={name} onChange={(e) => setName(e.target.value)} />
        <button className="btn btn--primary" disabled={!name.trim()}>Create</button>
        <button type="button" className="btn btn--ghost" onClick={() => setCreating(false)}>Cancel</button>
      </form>
    );
  }
  return (
    <select
      className="input small switcher"
      aria-label="Organisation"
      data-testid="organisation-switcher"
      value={current?.id ?? ''}
      onChange={(e) => {
        if (e.target.value === '+') return setCreating(true);
        auth.selectOrganisation(e.target.value);
        router.go({ page: 'projects' });
      }}
    >
      {auth.organisations.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
      <option value="+">New organisation…</option>
    </select>
  );
});

export const AccountMenu = observer(function AccountMenu() {
  if (!auth.user) return null;
  return (
    <div className="account" data-testid="account">
      <a className="btn btn--ghost" href="/members" onClick={(e) => (e.preventDefault(), router.go({ page: 'members' }))}>
        Members
      </a>
      <a className="btn btn--ghost" href="/account" title={auth.user.email} onClick={(e) => (e.preventDefault(), router.go({ page: 'account' }))}>
        {auth.user.name || auth.user.email}
      </a>
      <button className="btn btn--ghost" onClick={() => void auth.signOut().catch((e: Error) => toasts.show(e.message, 'error'))}>
        Sign out
      </button>
    </div>
  );
});

export function PageHeader({ crumbs, actions }: { crumbs: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <a className="brand" href="/" onClick={(e) => (e.preventDefault(), router.go({ page: 'projects' }))}>
        <span className="brand-mark" />
        weft
      </a>
      <OrganisationSwitcher />
      <nav className="crumbs">{crumbs}</nav>
      <div className="page-actions">
        {actions}
        <AccountMenu />
      </div>
    </header>
  );
}
