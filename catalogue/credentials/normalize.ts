/**
 * @module catalogue/credentials/normalize — what a credential is stored as, once saved (spec
 * 002 §5, MCP): its host URL without a trailing slash, its headers parsed when they are JSON text.
 */
import { parseJsonish } from '../coerce.ts';

export function normalizeCredentials(type: string, credentials: Record<string, unknown>): Record<string, unknown> {
  if (type !== 'mcpServer') return credentials;
  const stored = { ...credentials };
  if (typeof stored.hostUrl === 'string') stored.hostUrl = stored.hostUrl.trim().replace(/\/+$/, '');
  if (typeof stored.headers === 'string') {
    const parsed = parseJsonish(stored.headers);
    if (parsed.ok) stored.headers = parsed.value;
  }
  return stored;
}
