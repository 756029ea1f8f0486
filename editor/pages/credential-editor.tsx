/**
 * @module editor/pages/credential-editor — create or edit one credential with the form of its
 * type, generated like a node's form. Secrets are typed into password inputs; once saved the
 * editor closes, and an edit never shows a stored secret (only "unchanged"). An OAuth type the
 * server signs in with has Connect (Reconnect when editing): the browser goes to the provider's
 * consent page and comes back to the project's credentials (runtime/http/routes/oauth.ts).
 */
import { useEffect, useState } from 'react';
import type { OAuthTypeView } from '../../contract/oauth.ts';
import type { CredentialForm } from '../../catalogue/credentials/types.ts';
import type { Values } from '../../catalogue/types.ts';
import { applyDefaults, validateValues } from '../../catalogue/values.ts';
import { api } from '../api/client.ts';
import type { Credential } from '../../contract/credentials.ts';
import { credentialDefinition, credentialsToSave, editableValues } from '../forms/credential-definition.ts';
import { NodeForm } from '../forms/node-form.tsx';
import { toasts } from '../stores/toast-store.ts';
import { TOOL_SERVICE_TYPES, ToolServiceConnect } from './tool-service-connect.tsx';

interface Props {
  projectId: string;
  form: CredentialForm;
  /** the credential being edited (as the API shows it: masked); none for a new one */
  credential?: Credential;
  onDone(saved: Credential | null): void;
}

export function CredentialEditor({ projectId, form, credential, onDone }: Props) {
  const [definition] = useState(() => credentialDefinition(form, credential?.credentials));
  const [name, setName] = useState(credential?.name ?? form.defaultName ?? '');
  const [values, setValues] = useState<Values>(() => (credential ? editableValues(form, credential.credentials) : {}));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [tested, setTested] = useState<{ success: boolean; message: string } | null>(null);
  /** the server's OAuth sign-in for this type; null while unknown or when it has none */
  const [oauth, setOauth] = useState<OAuthTypeView | null>(null);
  const [oauthKnown, setOauthKnown] = useState(form.authType !== 'oauth');
  useEffect(() => {
    if (form.authType !== 'oauth') return;
    api.oauthTypes().then(
      (types) => (setOauth(types.find((t) => t.credential_type === form.type) ?? null), setOauthKnown(true)),
      () => setOauthKnown(true),
    );
  }, [form]);
  const problems = validateValues(definition, values);
  // mail, table database, notes workspace: connected through the tool-execution service
  const connectable = TOOL_SERVICE_TYPES.has(form.type);
  // an OAuth type whose every field the OAuth sign-in fills cannot be typed in
  const nothingToType = form.authType === 'oauth' && !credential;
  /** POST /api/testCreds/{type} with the form as it would be saved; an edit names the saved credential, whose secrets stand for the masked ones */
  const test = async () => {
    setBusy(true);
    setTested(null);
    try {
      const credentials = credentialsToSave(form, applyDefaults(definition, values), credential?.credentials);
      setTested(await api.testCredential(form.type, { projectId, credentials, ...(credential ? { name: credential.name } : {}) }));
    } catch (e) {
      setTested({ success: false, message: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const connect = async () => {
    setBusy(true);
    setError('');
    try {
      const tenant = typeof values.tenant_id === 'string' ? values.tenant_id : undefined;
      const { authorizationUrl } = await api.startOAuth(projectId, { credential_type: form.type, name: name.trim(), tenant_id: tenant, credentialId: credential?.id });
      window.location.assign(authorizationUrl);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    setError('');
    const credentials = credentialsToSave(form, applyDefaults(definition, values), credential?.credentials);
    try {
      const saved = credential
        ? await api.updateCredential(projectId, credential.id, { name: name.trim(), credentials })
        : await api.createCredential(projectId, { name: name.trim(), credential_type: form.type, marketplace_id: form.marketplaceId ?? null, is_active: true, credentials });
      toasts.show(`Saved “${saved.name}”`, 'success');
      onDone(saved);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <form className="credential-editor" data-testid="credential-editor" onSubmit={(e) => (e.preventDefault(), nothingToType ? oauth?.registered && void connect() : void save())} autoComplete="off">
      <div className="credential-editor-head">
        <h2>{credential ? `Edit “${credential.name}”` : `New ${form.label} credential`}</h2>
        {form.isPro && <span className="tag tag--restricted">Pro</span>}
      </div>
      <p className="field-desc">{form.description}</p>
      {form.authType === 'oauth' && <p className="field-desc">The connection itself (tokens, client settings) is filled in by the OAuth sign-in of this integration.</p>}
      {nothingToType && oauthKnown && !oauth && !connectable && <p className="field-problem">This type has nothing to type in: its credential comes from the integration's OAuth sign-in, which this server does not offer for it.</p>}
      {oauth && !oauth.registered && <p className="field-problem" data-testid="oauth-unregistered">An operator registers this integration's OAuth app first (Account → OAuth apps, or the environment).</p>}
      <div className="field">
        <label className="field-label" htmlFor="credential-name">
          Credential Name<span className="required" title="Required">*</span>
        </label>
        <input id="credential-name" className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="Found by this name in the project" />
      </div>
      {connectable && <ToolServiceConnect projectId={projectId} type={form.type} name={name} />}
      <NodeForm definition={definition} values={values} onChange={(field, value) => (setValues((v) => ({ ...v, [field]: value })), setError(''))} ctx={{ suggestions: [], projectId }} idPrefix="credential" />
      {error && <p className="field-problem" role="alert">{error}</p>}
      {tested && (
        <p className={tested.success ? 'field-ok' : 'field-problem'} role="status" data-testid="credential-test-result">
          {tested.success ? '✓ ' : '✗ '}
          {tested.message}
        </p>
      )}
      <div className="row">
        {oauth && (
          <button type="button" className="btn btn--primary" onClick={() => void connect()} disabled={busy || !oauth.registered || !name.trim() || problems.length > 0}>
            {credential ? 'Reconnect' : 'Connect'}
          </button>
        )}
        {!nothingToType && <button className={`btn${oauth ? '' : ' btn--primary'}`} disabled={busy || !name.trim() || problems.length > 0}>{credential ? 'Save changes' : 'Save credential'}</button>}
        {form.testable && (
          <button type="button" className="btn" disabled={busy || problems.length > 0} onClick={() => void test()} title="Ask the service whether this credential works">
            Test
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => onDone(null)}>Cancel</button>
      </div>
    </form>
  );
}
