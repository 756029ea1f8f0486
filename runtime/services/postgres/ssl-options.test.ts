/** The six SSL modes of a Postgres credential as `pg`'s ssl option, attempt by attempt (libpq's meanings). */
import type { PeerCertificate } from 'node:tls';
import { describe, expect, it } from 'vitest';
import type { PostgresConnection } from '../../../catalogue/services/postgres.ts';
import { sslAttempts, triesNextSslMode } from './ssl-options.ts';

const base: PostgresConnection = { host: 'db.example.com', port: 5432, dbName: 'app', username: 'u', password: 'p', sslMode: 'disable' };
const certs = { caCertificate: 'CA-PEM', clientCertificate: 'CERT-PEM', clientKey: 'KEY-PEM', clientKeyPassword: 'key-pass' };
const attempts = (sslMode: PostgresConnection['sslMode'], extra: Partial<PostgresConnection> = {}) => sslAttempts({ ...base, sslMode, ...extra });
const certificateFor = (name: string) => ({ subject: { CN: name }, subjectaltname: `DNS:${name}` }) as unknown as PeerCertificate;

describe('sslAttempts', () => {
  it('disable: plain only; allow: plain, then TLS; prefer: TLS, then plain; neither checks the certificate', () => {
    expect(attempts('disable')).toEqual([false]);
    expect(attempts('allow')).toEqual([false, { minVersion: 'TLSv1.2', rejectUnauthorized: false }]);
    expect(attempts('prefer')).toEqual([{ minVersion: 'TLSv1.2', rejectUnauthorized: false }, false]);
  });

  it('require: TLS without checks, unless a CA is given (then the chain is checked, as libpq does)', () => {
    expect(attempts('require')).toEqual([{ minVersion: 'TLSv1.2', rejectUnauthorized: false }]);
    const [withCa] = attempts('require', { caCertificate: 'CA-PEM' });
    expect(withCa).toMatchObject({ rejectUnauthorized: true, ca: 'CA-PEM' });
  });

  it('verify-ca: the chain to the given CA, any host name, with the client certificate and key', () => {
    const [only, ...none] = attempts('verify-ca', certs);
    expect(none).toEqual([]);
    expect(only).toMatchObject({ rejectUnauthorized: true, ca: 'CA-PEM', cert: 'CERT-PEM', key: 'KEY-PEM', passphrase: 'key-pass', minVersion: 'TLSv1.2' });
    if (!only) throw new Error('expected TLS');
    expect(only.checkServerIdentity?.('db.example.com', certificateFor('other.example.org'))).toBeUndefined();
  });

  it('verify-full: the chain and the credential’s host name (SNI too); an IP host is checked as an IP', () => {
    const [full] = attempts('verify-full', certs);
    if (!full) throw new Error('expected TLS');
    expect(full).toMatchObject({ rejectUnauthorized: true, ca: 'CA-PEM', servername: 'db.example.com' });
    expect(full.checkServerIdentity?.('10.0.0.5', certificateFor('db.example.com'))).toBeUndefined();
    expect(full.checkServerIdentity?.('10.0.0.5', certificateFor('other.example.org'))).toBeInstanceOf(Error);
    const [byIp] = attempts('verify-full', { host: '192.0.2.10' });
    if (!byIp) throw new Error('expected TLS');
    expect(byIp.servername).toBeUndefined();
    expect(byIp.checkServerIdentity?.('192.0.2.10', certificateFor('db.example.com'))).toBeInstanceOf(Error);
  });

  it('tries the next mode only when the server has no TLS, or takes only TLS', () => {
    expect(triesNextSslMode(new Error('The server does not support SSL connections'))).toBe(true);
    expect(triesNextSslMode(Object.assign(new Error('no pg_hba.conf entry for host "1.2.3.4", user "u", database "app", no encryption'), { code: '28000' }))).toBe(true);
    expect(triesNextSslMode(Object.assign(new Error('password authentication failed for user "u"'), { code: '28P01' }))).toBe(false);
    expect(triesNextSslMode(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe(false);
  });
});
