/**
 * @module catalogue/app/tool-service/connection — how an app node reaches its provider with a
 * credential: through the tool-execution service (the spec's way: the credential is the connected
 * account's data, with its `composioId`), or, beyond the spec, straight at the provider's own REST
 * API when the credential holds a token for it (an Airtable personal access token, a Notion
 * integration token: the form's `apiToken`). The broker wins when the credential has both.
 */
import { userError } from '../../errors.ts';

export type AppConnection = { mode: 'broker'; connectedAccountId: string } | { mode: 'direct'; token: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** `service` names the credential in the error, e.g. 'table database'. */
export function connectionOf(credential: Record<string, unknown>, service: string, direct: boolean): AppConnection {
  const account = text(credential.composioId) ?? text(credential.connected_account_id);
  if (account) return { mode: 'broker', connectedAccountId: account };
  const token = direct ? text(credential.apiToken) ?? text(credential.access_token) : undefined;
  if (token) return { mode: 'direct', token };
  throw userError(`Invalid or Missing ${service} credentials`);
}

/** JSON text parsed; a value that is not text is kept; a parse failure names the field (spec 002 §3: "reported as an error"). */
export function parseJsonField(value: unknown, label: string): unknown {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  try {
    return JSON.parse(value);
  } catch (error) {
    throw userError(`${label} is not valid JSON: ${(error as Error).message}`);
  }
}
