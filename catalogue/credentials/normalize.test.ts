import { describe, expect, it } from 'vitest';
import { credentialForms } from './index.ts';
import { normalizeCredentials } from './normalize.ts';

describe('normalizeCredentials (spec 002 §5)', () => {
  it('stores an SMTP port as an integer and trims the account’s names, but not the password', () => {
    const stored = normalizeCredentials('smtp', { senderEmail: ' bot@x.test ', senderName: ' Bot ', host: ' smtp.x.test ', port: ' 587 ', username: ' me ', password: ' pass ' });
    expect(stored).toEqual({ senderEmail: 'bot@x.test', senderName: 'Bot', host: 'smtp.x.test', port: 587, username: 'me', password: ' pass ' });
    expect(normalizeCredentials('smtp', { port: 465 }).port).toBe(465);
    expect(normalizeCredentials('smtp', { caCertificate: '\n-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n' }).caCertificate).toBe('-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----');
    // what is not a whole number stays, for the form's check to name
    expect(normalizeCredentials('smtp', { port: '58x' }).port).toBe('58x');
  });

  it('removes the trailing slash of every form’s host URL; parses MCP headers', () => {
    expect(normalizeCredentials('mcpServer', { hostUrl: 'https://m.test/mcp/', headers: '{"a":"b"}' })).toEqual({ hostUrl: 'https://m.test/mcp', headers: { a: 'b' } });
    expect(normalizeCredentials('crawlService', { apiKey: 'k', hostUrl: 'https://crawl.test//' })).toEqual({ apiKey: 'k', hostUrl: 'https://crawl.test' });
    expect(normalizeCredentials('fileParsingService', { apiKey: 'k', hostUrl: ' https://utils.test/ ' })).toEqual({ apiKey: 'k', hostUrl: 'https://utils.test' });
    expect(normalizeCredentials('automationService', { apiKey: 'k', hostUrl: 'https://n8n.test/' })).toEqual({ apiKey: 'k', hostUrl: 'https://n8n.test' });
    // every form with a host URL is cleaned
    for (const form of credentialForms.filter((f) => f.fields.some((field) => field.name === 'hostUrl'))) {
      expect(normalizeCredentials(form.type, { hostUrl: 'https://h.test/' }).hostUrl, form.type).toBe('https://h.test');
    }
  });

  it('stores a Postgres host without http(s):// and trailing slash (spec 001 §5), its port as an integer', () => {
    expect(normalizeCredentials('postgres', { host: ' https://db.example.com/ ', port: '5432', dbName: ' app ', username: ' u ', password: ' p ' })).toEqual({
      host: 'db.example.com', port: 5432, dbName: 'app', username: 'u', password: ' p ',
    });
    expect(normalizeCredentials('postgres', { host: 'HTTP://10.0.0.5//' }).host).toBe('10.0.0.5');
  });

  it('leaves other types as they are, and never changes the object it is given', () => {
    const given = { host: ' h ' };
    expect(normalizeCredentials('s3', given)).toBe(given);
    normalizeCredentials('smtp', given);
    normalizeCredentials('postgres', given);
    expect(given).toEqual({ host: ' h ' });
  });
});
