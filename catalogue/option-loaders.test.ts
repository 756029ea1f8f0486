/**
 * Every registered dropdown loader keeps spec 002 §5's rule by itself (the HTTP route adds its
 * own guard): without a credential, with one that is not there, and when its service fails —
 * refusing, answering garbage, or unreachable — it answers [] and never throws.
 */
import { describe, expect, it } from 'vitest';
import { NodeError } from './errors.ts';
import type { OutboundResponse } from './outbound.ts';
import { definitions, optionLoaders } from './nodes.ts';
import type { OptionLoaderContext } from './option-loaders.ts';
import { serviceUrlsFrom } from './service-urls.ts';

/** what a form could send any loader: a credential and every id a loader reads */
const input = (credentials?: string) => ({
  credentials,
  projectId: 'p1',
  baseId: 'app1',
  tableIdOrName: 'tbl1',
  teamId: 'team1',
  spreadSheetLink: 'https://docs.google.com/spreadsheets/d/sheet1/edit',
  sheetName: 'Sheet1',
  schemas: ['public'],
});
/** a credential with every field some loader reads */
const credential = {
  access_token: 'at-0123456789', refresh_token: 'rt-0123456789', tenant_id: 'contoso', composioId: 'ca_1', apiToken: 'tok-0123456789', apiKey: 'key-0123456789', hostUrl: 'https://n8n.example.com',
  host: 'db.example.com',
  port: 5432,
  dbName: 'app',
  username: 'weft',
  password: 'pw-0123456789',
  sslMode: 'disable',
  awsAccessKeyId: 'AKIA0123456789',
  awsSecretAccessKey: 'secret-0123456789',
  awsRegion: 'us-east-1',
};

const answer = (status: number, text: string): OutboundResponse => ({
  status,
  statusText: status === 200 ? 'OK' : 'Error',
  ok: status < 300,
  headers: { 'content-type': 'application/json' },
  url: 'https://x.test',
  body: new TextEncoder().encode(text),
  text: () => text,
});

const failures: Record<string, () => Promise<OutboundResponse>> = {
  refused: async () => answer(500, '{"error": "boom"}'),
  garbage: async () => answer(200, '<html>not json</html>'),
  'a list where an object belongs': async () => answer(200, '[1, 2, 3]'),
  unreachable: async () => Promise.reject(new NodeError('connect ECONNREFUSED', 'operational')),
};

function context(reply: () => Promise<OutboundResponse>, calls: string[] = []): OptionLoaderContext {
  return {
    projectId: 'p1',
    credentials: { get: async (name) => (name === 'known' ? credential : Promise.reject(new NodeError(`No credentials found for ${name}`, 'user'))) },
    http: { request: async (request) => (calls.push(request.url), reply()) },
    serviceUrl: (name) => serviceUrlsFrom()[name],
    toolServiceKey: 'ak-0123456789',
    // the Postgres loaders' database: it fails as the service does (a reply where rows belong is garbage)
    services: {
      postgres: {
        query: async () => (calls.push('postgres'), (await reply()) as never),
        session: async () => Promise.reject(new NodeError('no sessions here', 'operational')),
        verify: async () => Promise.reject(new NodeError('no verify here', 'operational')),
      },
    },
  };
}

describe.each(Object.entries(optionLoaders))('the %s loader', (_name, loader) => {
  it('answers [] without a credential and with one that is not there, calling no one', async () => {
    const calls: string[] = [];
    expect(await loader(input(), context(failures.refused, calls))).toEqual([]);
    expect(await loader(input('nobody'), context(failures.refused, calls))).toEqual([]);
    expect(calls).toEqual([]);
  });

  it.each(Object.keys(failures))('answers [] when its service is %s', async (failure) => {
    const calls: string[] = [];
    expect(await loader(input('known'), context(failures[failure], calls))).toEqual([]);
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe('the loaders the nodes declare', () => {
  it('include every loader a field names', () => {
    const named = definitions.flatMap((definition) => definition.inputs.flatMap((field) => (field.loadOptionsMethod ? [`${definition.name}.${field.name}: ${field.loadOptionsMethod}`] : [])));
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((entry) => !Object.hasOwn(optionLoaders, entry.split(': ')[1]))).toEqual([]);
  });
});
