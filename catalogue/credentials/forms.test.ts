import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry.ts';
import type { NodeDefinition } from '../types.ts';
import { credentialFormOf, credentialForms, publicCredentialFields } from './index.ts';

/** every credential type spec 002 §1 offers (and 001 §1 names), with weft's own (the file-parsing service of 002 §7 has no form in the spec) */
const SPEC_TYPES = {
  oauth: ['slackOauth', 'googleDriveOauth', 'mailOauth', 'tableDatabaseOauth', 'googleSheetsOauth', 'notesWorkspaceOauth'],
  basic: ['postgres', 'automationService', 'crawlService', 'webSearch', 'mcpServer', 'smtp', 'messagingProvider'],
  pro: ['s3', 'onedriveOauth', 'sharepointOauth', 'teamsOauth'],
  weft: ['httpHeader', 'modelProvider', 'fileParsingService'],
};

describe('credential forms', () => {
  it('declare every credential type the spec lists, once', () => {
    const types = credentialForms.map((f) => f.type);
    expect(new Set(types).size).toBe(types.length);
    expect([...types].sort()).toEqual(Object.values(SPEC_TYPES).flat().sort());
  });

  it('mark the OAuth types and object storage, OneDrive, SharePoint and team messaging pro', () => {
    for (const type of [...SPEC_TYPES.oauth, ...SPEC_TYPES.pro]) expect(credentialFormOf(type)?.isPro, type).toBe(true);
    for (const type of SPEC_TYPES.basic.filter((t) => t !== 's3')) expect(credentialFormOf(type)?.isPro, type).toBeUndefined();
    for (const type of [...SPEC_TYPES.oauth, 'onedriveOauth', 'sharepointOauth', 'teamsOauth']) expect(credentialFormOf(type)?.authType, type).toBe('oauth');
  });

  it('carry the spec’s marketplace ids', () => {
    const ids = Object.fromEntries(credentialForms.filter((f) => f.marketplaceId !== undefined).map((f) => [f.type, f.marketplaceId]));
    expect(ids).toEqual({
      slackOauth: 1, googleDriveOauth: 2, googleSheetsOauth: 3, onedriveOauth: 4, sharepointOauth: 10, teamsOauth: 11,
      mcpServer: 12, mailOauth: 13, tableDatabaseOauth: 14, notesWorkspaceOauth: 16, messagingProvider: 17, smtp: 18,
    });
  });

  it('hide the OAuth client settings and ask the tenant where the spec does', () => {
    const client = [['clientId', true], ['clientSecret', true], ['redirectUrl', true], ['scopes', true]];
    // connected through the tool-execution service: the account id too; the table database and notes workspace may instead hold a token of their own
    const connected: Record<string, unknown[]> = {
      mailOauth: [...client, ['composioId', true]],
      tableDatabaseOauth: [...client, ['composioId', true], ['apiToken', false]],
      notesWorkspaceOauth: [...client, ['composioId', true], ['apiToken', false]],
    };
    for (const type of SPEC_TYPES.oauth) {
      expect(credentialFormOf(type)!.fields.map((f) => [f.name, f.hidden === true])).toEqual(connected[type] ?? client);
    }
    for (const type of ['onedriveOauth', 'sharepointOauth', 'teamsOauth']) {
      expect(credentialFormOf(type)!.fields[0]).toMatchObject({ name: 'tenant_id', label: 'Tenant ID', required: true });
    }
  });

  it('list the spec’s fields for the typed-in forms', () => {
    const names = (type: string) => credentialFormOf(type)!.fields.map((f) => f.name);
    expect(names('postgres')).toEqual(['host', 'port', 'dbName', 'username', 'password', 'sslMode', 'ca_certificate', 'client_certificate', 'client_key', 'client_key_password']);
    expect(names('s3')).toEqual(['awsAccessKeyId', 'awsSecretAccessKey', 'awsRegion']);
    expect(names('smtp')).toEqual(['senderEmail', 'senderName', 'host', 'port', 'username', 'password', 'security', 'caCertificate']);
    // the spec's fields are all required but the login: a relay may take mail without one
    expect(credentialFormOf('smtp')!.fields.filter((f) => f.required).map((f) => f.name)).toEqual(['senderEmail', 'senderName', 'host', 'port', 'security']);
    expect(credentialFormOf('smtp')!.fields.find((f) => f.name === 'security')).toMatchObject({
      defaultValue: 'starttls',
      values: [
        { label: 'Implicit TLS', value: 'implicitTls' },
        { label: 'STARTTLS required', value: 'starttls' },
        { label: 'STARTTLS when offered', value: 'starttlsWhenOffered' },
        { label: 'None (unencrypted)', value: 'none' },
      ],
    });
    expect(credentialFormOf('smtp')!.fields.find((f) => f.name === 'caCertificate')).toMatchObject({ type: 'textarea', actionField: 'security', actionValue: ['implicitTls', 'starttls', 'starttlsWhenOffered'] });
    expect(names('messagingProvider')).toEqual(['accountSid', 'authToken']);
    expect(names('mcpServer')).toEqual(['hostUrl', 'type', 'headers']);
    expect(names('crawlService')).toEqual(['apiKey', 'hostUrl']);
    expect(names('webSearch')).toEqual(['apiKey']);
    const postgres = credentialFormOf('postgres')!;
    expect(postgres.fields.find((f) => f.name === 'sslMode')).toMatchObject({ defaultValue: 'disable' });
    expect(postgres.fields.filter((f) => f.actionField === 'sslMode').map((f) => f.actionValue)).toEqual(Array(4).fill(['verify-ca', 'verify-full']));
    expect(credentialFormOf('s3')!.fields.find((f) => f.name === 'awsRegion')?.defaultValue).toBe('us-east-1');
    expect(credentialFormOf('mcpServer')!.fields.find((f) => f.name === 'type')?.defaultValue).toBe('http');
  });

  it('mark every secret private, so only non-secret fields are ever shown', () => {
    const shown = credentialForms.flatMap((f) => [...publicCredentialFields(f.type)]);
    for (const secret of ['password', 'apiKey', 'clientSecret', 'authToken', 'awsSecretAccessKey', 'headerValue', 'client_key', 'client_key_password', 'headers']) {
      expect(shown, secret).not.toContain(secret);
    }
    expect([...publicCredentialFields('postgres')]).toEqual(['host', 'port', 'dbName', 'username', 'sslMode', 'ca_certificate', 'client_certificate']);
    expect(publicCredentialFields('no such type').size).toBe(0);
  });

  it('pass the checks node forms pass (field types, selects, defaults, bounds, actionField)', () => {
    const asNodes: NodeDefinition[] = credentialForms.map((form) => ({
      name: form.type, label: form.label, type: 'dynamicNode', category: 'App', status: 'Enabled', description: form.description,
      icon: 'key', docs: '/docs/credentials', inputs: form.fields, outputs: [],
    }));
    expect(() => createRegistry(asNodes.map((definition) => ({ definition, run: async () => ({ output: null }) })))).not.toThrow();
  });
});
