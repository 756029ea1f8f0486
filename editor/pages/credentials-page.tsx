/**
 * @module editor/pages/credentials-page — a project's credentials: create one with its type's
 * form, edit, deactivate or activate, delete with confirmation. The list shows what the API
 * answers: secrets masked. Back from an OAuth consent (`?oauth=connected|failed`) it says how it went.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CredentialForm } from '../../catalogue/credentials/types.ts';
import { api } from '../api/client.ts';
import type { Credential } from '../../contract/credentials.ts';
import { toasts } from '../stores/toast-store.ts';
import { CredentialEditor } from './credential-editor.tsx';

type Editing = { form: CredentialForm; credential?: Credential } | null;

function CredentialRow({ credential, form, onEdit, onChanged }: { credential: Credential; form?: CredentialForm; onEdit(): void; onChanged(): void }) {
  const [confirming, setConfirming] = useState(false);
  const fail = (e: Error) => toasts.show(e.message, 'error', 8000);
  const toggle = () => api.updateCredential(credential.project_id, credential.id, { is_active: !credential.is_active }).then(onChanged, fail);
  const remove = () => api.deleteCredential(credential.project_id, credential.id).then(() => (toasts.show(`Deleted “${credential.name}”`), onChanged()), fail);
  const shown = Object.entries(credential.credentials).filter(([, v]) => typeof v !== 'object' || v === null);
  return (
    <li className="flow-row" data-testid="credential-row" data-credential-id={credential.id}>
      <div className="flow-row-main">
        <span className="flow-name">{credential.name}</span>
        <span className={`pill${credential.is_active ? ' pill--active' : ''}`}>{credential.is_active ? 'active' : 'inactive'}</span>
        <span className="card-meta">
          {form?.label ?? credential.credential_type} · {shown.map(([k, v]) => `${k}: ${String(v)}`).join(' · ')}
        </span>
      </div>
      {confirming ? (
        <div className="flow-row-actions confirm">
          <span>Delete “{credential.name}”? Nodes using it will fail.</span>
          <button className="btn btn--danger" onClick={() => void remove()}>Delete</button>
          <button className="btn" onClick={() => setConfirming(false)}>Keep</button>
        </div>
      ) : (
        <div className="flow-row-actions">
          <button className="btn btn--ghost" onClick={onEdit} disabled={!form}>Edit</button>
          <button className="btn btn--ghost" onClick={() => void toggle()}>{credential.is_active ? 'Deactivate' : 'Activate'}</button>
          <button className="btn btn--ghost btn--danger-text" onClick={() => setConfirming(true)}>Delete</button>
        </div>
      )}
    </li>
  );
}

export function CredentialsPage({ projectId }: { projectId: string }) {
  const [forms, setForms] = useState<CredentialForm[]>([]);
  const [credentials, setCredentials] = useState<Credential[] | null>(null);
  const [type, setType] = useState('');
  /** the project's plan: Pro credential types need a paid one (starter is refused) */
  const [plan, setPlan] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const fail = (e: Error) => toasts.show(e.message, 'error', 8000);
  const reload = useCallback(() => api.credentials(projectId).then((list) => setCredentials(list.sort((a, b) => a.name.localeCompare(b.name))), fail), [projectId]);
  useEffect(() => {
    // back from an OAuth consent (runtime/http/routes/oauth.ts): say how it went, once
    const landed = new URLSearchParams(window.location.search);
    if (landed.get('oauth') === 'connected') toasts.show(`Connected “${landed.get('credential') ?? ''}”`, 'success');
    if (landed.get('oauth') === 'failed') toasts.show(`The connection failed: ${landed.get('message') ?? ''}`, 'error', 12000);
    if (landed.has('oauth')) window.history.replaceState(null, '', window.location.pathname);
  }, []);
  useEffect(() => {
    api.credentialForms().then(setForms, fail);
    api.usage(projectId).then((u) => setPlan(u.plan), () => setPlan(''));
    void reload();
  }, [reload, projectId]);
  const formOf = (t: string) => forms.find((f) => f.type === t);
  const done = () => {
    setEditing(null);
    setType('');
    void reload();
  };
  return (
    <section data-testid="credentials-section">
      {editing ? (
        <CredentialEditor key={editing.credential?.id ?? editing.form.type} projectId={projectId} form={editing.form} credential={editing.credential} onDone={done} />
      ) : (
        <form className="inline-form" onSubmit={(e) => (e.preventDefault(), formOf(type) && setEditing({ form: formOf(type)! }))}>
          <select className="input" aria-label="Credential type" value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">Choose a credential type…</option>
            {forms.map((f) => (
              <option key={f.type} value={f.type} disabled={f.isPro && plan === 'starter'}>
                {f.label}
                {f.isPro ? (plan === 'starter' ? ' (Pro: needs a paid plan)' : ' (Pro)') : ''}
              </option>
            ))}
          </select>
          <button className="btn btn--primary" disabled={!type}>New credential</button>
        </form>
      )}
      {credentials === null && <p className="muted">Loading…</p>}
      {credentials?.length === 0 && !editing && <p className="muted">No credentials yet. Nodes that call other services find theirs here by name.</p>}
      <ul className="flow-list">
        {credentials?.map((c) => (
          <CredentialRow key={`${c.id}:${c.updatedAt}`} credential={c} form={formOf(c.credential_type)} onEdit={() => setEditing({ form: formOf(c.credential_type)!, credential: c })} onChanged={() => void reload()} />
        ))}
      </ul>
    </section>
  );
}
