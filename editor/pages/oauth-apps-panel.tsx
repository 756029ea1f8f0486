/**
 * @module editor/pages/oauth-apps-panel — an operator's OAuth apps (contract/oauth.ts): one per
 * marketplace id, with the redirect URIs to register at the provider; the client id and secret
 * typed here are kept encrypted by the server, and the secret is never shown again. People who
 * are not operators do not see the panel (the server answers them 403).
 */
import { useCallback, useEffect, useState } from 'react';
import type { OAuthAppView } from '../../contract/oauth.ts';
import { api } from '../api/client.ts';
import { toasts } from '../stores/toast-store.ts';

const providerLabel = { google: 'Google', microsoft: 'Microsoft identity platform', slack: 'Slack' } as const;

function OAuthAppRow({ app, onChanged }: { app: OAuthAppView; onChanged(): void }) {
  const [clientId, setClientId] = useState(app.source === 'studio' ? (app.clientId ?? '') : '');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(app.source === 'studio' ? app.scopes.join(' ') : '');
  const [busy, setBusy] = useState(false);
  const fail = (e: Error) => (toasts.show(e.message, 'error', 8000), setBusy(false));
  const save = () => {
    setBusy(true);
    api.saveOAuthApp(app.marketplaceId, { clientId, clientSecret, scopes }).then(() => (toasts.show(`Registered the OAuth app of ${app.credentialTypes.join(', ')}`, 'success'), setClientSecret(''), setBusy(false), onChanged()), fail);
  };
  const remove = () => api.removeOAuthApp(app.marketplaceId).then(onChanged, fail);
  const id = `oauth-app-${app.marketplaceId}`;
  return (
    <li className="stacked-form" data-testid="oauth-app" data-marketplace-id={app.marketplaceId}>
      <h3>
        {providerLabel[app.provider]} · marketplace id {app.marketplaceId} · {app.credentialTypes.join(', ')}
      </h3>
      <p className="muted">
        {app.source === null ? 'Not registered.' : app.source === 'studio' ? `Registered here (client id ${app.clientId}).` : `Registered by the environment (${app.env.clientId}).`} Redirect URI to register at the provider:{' '}
        {app.redirectUris.map((uri) => <code key={uri}>{uri}</code>)}
      </p>
      <label className="field-label" htmlFor={`${id}-client-id`}>Client ID</label>
      <input id={`${id}-client-id`} className="input" value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" />
      <label className="field-label" htmlFor={`${id}-client-secret`}>Client secret</label>
      <input id={`${id}-client-secret`} className="input" type="password" value={clientSecret} onChange={(e) => setClientSecret(e.target.value)} autoComplete="new-password" placeholder={app.source === 'studio' ? 'stored — type it again to change the app' : ''} />
      <label className="field-label" htmlFor={`${id}-scopes`}>Scopes (empty: {app.defaultScopes.join(' ')})</label>
      <input id={`${id}-scopes`} className="input" value={scopes} onChange={(e) => setScopes(e.target.value)} autoComplete="off" />
      <div className="row">
        <button type="button" className="btn btn--primary" disabled={busy || !clientId.trim() || !clientSecret.trim()} onClick={save}>Register</button>
        {app.source === 'studio' && <button type="button" className="btn btn--ghost btn--danger-text" onClick={() => void remove()}>Remove</button>}
      </div>
    </li>
  );
}

export function OAuthAppsPanel() {
  const [apps, setApps] = useState<OAuthAppView[] | null>(null);
  const reload = useCallback(() => api.oauthApps().then(setApps, () => setApps(null)), []);
  useEffect(() => void reload(), [reload]);
  if (!apps) return null;
  return (
    <section data-testid="oauth-apps">
      <h2>OAuth apps</h2>
      <p className="muted">Each integration's OAuth app, registered once for the whole server; builders then connect their accounts with it from a credential's Connect button.</p>
      <ul className="flow-list">
        {apps.map((app) => <OAuthAppRow key={`${app.marketplaceId}:${app.source}:${app.clientId}`} app={app} onChanged={() => void reload()} />)}
      </ul>
    </section>
  );
}
