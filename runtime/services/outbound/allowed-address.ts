/**
 * @module runtime/services/outbound/allowed-address — the address policy for connections that are not
 * HTTP (the SMTP node's): the host resolved once, every address checked as ctx.http checks
 * them (runtime/services/outbound/one-hop.ts), and the first permitted one returned, so the caller
 * connects to that very address and no second lookup can slip a private one past the check.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { operationalError } from '../../../catalogue/errors.ts';
import { refusedName, refusedReason, type AllowList } from './address-policy.ts';
import { refusedAddress } from './one-hop.ts';

/** The address to connect to for `hostname:port`; throws a user error naming a refused one, an operational one when the name does not resolve. */
export async function allowedAddress(allow: AllowList, hostname: string, port: number): Promise<string> {
  const host = hostname.trim().replace(/^\[|\]$/g, '');
  const refusal = (address: string) => {
    const reason = refusedReason(address);
    return reason === null || allow.allows(host, port, address) ? null : reason;
  };
  if (isIP(host)) {
    const reason = refusal(host);
    if (reason) throw refusedAddress(host, host, reason);
    return host;
  }
  const named = refusedName(host);
  if (named && !allow.allowsName(host, port)) throw refusedAddress(host, '', named);
  const addresses = await lookup(host, { all: true }).catch((error: NodeJS.ErrnoException) => {
    throw operationalError(`Could not resolve ${host}: ${error.code ?? error.message}`, error);
  });
  const reasons = addresses.map((a) => refusal(a.address));
  const permitted = addresses.find((_, i) => reasons[i] === null);
  if (!permitted) throw refusedAddress(host, addresses[0]?.address ?? '', reasons[0] ?? 'no address');
  return permitted.address;
}
