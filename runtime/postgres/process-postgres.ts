/**
 * @module runtime/postgres/process-postgres — the databases of this process, for code that is
 * handed no `PostgresAccess`: the Postgres sync reader (runtime/sync/sources/postgres.ts is
 * listed as a value, and `SourceReadContext` carries only an HTTP client). `startWeft` sets
 * its own (its allow-list, closed with it); a process that starts none gets one under
 * WEFT_OUTBOUND_ALLOW on first use.
 */
import type { PostgresAccess } from '../../catalogue/data-source/postgres-node/postgres-services.ts';
import { AllowList } from '../outbound/address-policy.ts';
import { postgresAccess } from './postgres-access.ts';

let current: PostgresAccess | undefined;

export function processPostgres(): PostgresAccess {
  current ??= postgresAccess({ allow: AllowList.parse(process.env.WEFT_OUTBOUND_ALLOW) });
  return current;
}

/** make `access` the process's (startWeft) */
export function setProcessPostgres(access: PostgresAccess): void {
  current = access;
}

/** `access` is closing: forget it, unless another has been set since */
export function forgetProcessPostgres(access: PostgresAccess): void {
  if (current === access) current = undefined;
}
