import { describe, expect, it } from 'vitest';
import { credentialFormOf } from '../../catalogue/credentials/index.ts';
import { applyDefaults, isFieldVisible, validateValues } from '../../catalogue/values.ts';
import { credentialDefinition, credentialsToSave, editableValues } from './credential-definition.ts';

const postgres = credentialFormOf('postgres')!;
const stored = { host: 'db.example.com', port: 5432, dbName: 'orders', username: 'reader', password: '••••ab', sslMode: 'disable', oauthToken: '••••cd' };

describe('credential forms as node forms', () => {
  it('renders the typed fields (hidden ones are left to the server) with their rules', () => {
    const oauth = credentialDefinition(credentialFormOf('onedriveOauth')!);
    expect(oauth.inputs.map((f) => f.name)).toEqual(['tenant_id']);
    const definition = credentialDefinition(postgres);
    expect(validateValues(definition, { host: 'h', dbName: 'd', username: 'u' }).map((p) => p.message)).toEqual(['Password is required']);
    const ca = definition.inputs.find((f) => f.name === 'ca_certificate')!;
    expect(isFieldVisible(ca, applyDefaults(definition, {}))).toBe(false);
    expect(isFieldVisible(ca, { sslMode: 'verify-full' })).toBe(true);
  });

  it('an edit starts without the secrets; a stored secret may stay empty', () => {
    expect(editableValues(postgres, stored)).toEqual({ host: 'db.example.com', port: 5432, dbName: 'orders', username: 'reader', sslMode: 'disable' });
    const definition = credentialDefinition(postgres, stored);
    const password = definition.inputs.find((f) => f.name === 'password')!;
    expect(password.required).toBe(false);
    expect(password.placeholder).toContain('unchanged (••••ab)');
    expect(validateValues(definition, editableValues(postgres, stored))).toEqual([]);
  });

  it('saves typed values, sends the mask back for untouched secrets and keeps fields the form does not show', () => {
    const typed = { ...editableValues(postgres, stored), host: 'db2.example.com', username: '' };
    expect(credentialsToSave(postgres, typed, stored)).toEqual({ host: 'db2.example.com', port: 5432, dbName: 'orders', password: '••••ab', sslMode: 'disable', oauthToken: '••••cd' });
    expect(credentialsToSave(postgres, { ...typed, password: 'new secret' }, stored).password).toBe('new secret');
    expect(credentialsToSave(postgres, { host: 'h', password: 'p' })).toEqual({ host: 'h', password: 'p' });
  });
});
