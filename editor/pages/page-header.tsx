/** @module editor/pages/page-header — the top bar of the list pages: brand and breadcrumbs. */
import type { ReactNode } from 'react';

export function PageHeader({ crumbs, actions }: { crumbs: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <a className="brand" href="/" onClick={(e) => (e.preventDefault(), window.history.pushState(null, '', '/'), window.dispatchEvent(new PopStateEvent('popstate')))}>
        <span className="brand-mark" />
        weft
      </a>
      <nav className="crumbs">{crumbs}</nav>
      <div className="page-actions">{actions}</div>
    </header>
  );
}
