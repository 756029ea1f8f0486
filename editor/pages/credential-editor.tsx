/**
 * @module editor/pages/credential-editor — create or edit one credential with the form of its
 * type, generated like a node's form. Secrets are typed into password inputs; once saved the
 * editor closes, and an edit never shows a stored secret (only "unchanged").
 */
import { useState } from 'react';
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
  const problems = validateValues(definition, values);
  // mail, table database, notes workspace: connected through the tool-execution service
  const connectable = TOOL_SERVICE_TYPES.has(form.type);
  // an OAuth type whose every field the OAuth sign-in fills cannot be typed in
  const nothingToType = definition.inputs.length === 0 && !credential;
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
    <form className="credential-editor" data-testid="credential-editor" onSubmit={(e) => (e.preventDefault(), void save())} autoComplete="off">
      <div className="credential-editor-head">
        <h2>{credential ? `Edit “${credential.name}”` : `New ${form.label} credential`}</h2>
        {form.isPro && <span className="tag tag--restricted">Pro</span>}
      </div>
      <p className="field-desc">{form.description}</p>
      {form.authType === 'oauth' && <p className="field-desc">The connection itself (tokens, client settings) is filled in by the OAuth sign-in of this integration.</p>}
      {nothingToType && !connectable && <p className="field-problem">This type has nothing to type in: its credential comes from the integration's OAuth sign-in, which this server does not offer yet.</p>}
      <div className="field">
        <label className="field-label" htmlFor="credential-name">
          Credential Name<span className="required" title="Required">*</span>
        </label>
        <input id="credential-name" className="input" value={name} onChange={(e) => setName(e.target.value)} placeholder="Found by this name in the project" />
      </div>
      {connectable && <ToolServiceConnect projectId={projectId} type={form.type} name={name} />}
      <NodeForm definition={definition} values={values} onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))} ctx={{ suggestions: [], projectId }} idPrefix="credential" />
      {error && <p className="field-problem" role="alert">{error}</p>}
      <div className="row">
        <button className="btn btn--primary" disabled={busy || !name.trim() || problems.length > 0 || nothingToType}>{credential ? 'Save changes' : 'Save credential'}</button>
        <button type="button" className="btn btn--ghost" onClick={() => onDone(null)}>Cancel</button>
      </div>
    </form>
  );
}
