/**
 * @module catalogue/credentials/normalize — what a credential is stored as, once saved (spec
 * 002 §5): a host URL without a trailing slash (the MCP server's, the crawl service's, the
 * file-parsing service's, the automation service's: every form's `hostUrl`), MCP headers
 * parsed when they are JSON text, an SMTP port as an integer and the SMTP account's names
 * and CA certificate trimmed (the password is kept as typed), a Postgres host without http(s):// and trailing slash
 * (spec 001 §5) and its port as an integer. The form's checks run after this
 * (runtime/http/routes/credentials.ts), so whatever cannot be cleaned is refused there by name.
 */
import { parseJsonish } from '../coerce.ts';
import { cleanPostgresHost } from '../services/postgres.ts';

const withoutTrailingSlash = (stored: Record<string, unknown>) => {
  if (typeof stored.hostUrl === 'string') stored.hostUrl = stored.hostUrl.trim().replace(/\/+$/, '');
};

/** '587' → 587; anything else stays as it came, for the form's check to name */
function portAsInteger(stored: Record<string, unknown>) {
  const port = typeof stored.port === 'string' ? stored.port.trim() : stored.port;
  if ((typeof port === 'string' && /^\d+$/.test(port)) || (typeof port === 'number' && Number.isInteger(port))) stored.port = Number(port);
}

const cleaners: Record<string, (stored: Record<string, unknown>) => void> = {
  mcpServer(stored) {
    withoutTrailingSlash(stored);
    if (typeof stored.headers === 'string') {
      const parsed = parseJsonish(stored.headers);
      if (parsed.ok) stored.headers = parsed.value;
    }
  },
  crawlService: withoutTrailingSlash,
  fileParsingService: withoutTrailingSlash,
  automationService: withoutTrailingSlash,
  smtp(stored) {
    for (const field of ['senderEmail', 'senderName', 'host', 'username', 'caCertificate']) {
      if (typeof stored[field] === 'string') stored[field] = (stored[field] as string).trim();
    }
    portAsInteger(stored);
  },
  postgres(stored) {
    if (typeof stored.host === 'string') stored.host = cleanPostgresHost(stored.host);
    for (const field of ['dbName', 'username']) {
      if (typeof stored[field] === 'string') stored[field] = (stored[field] as string).trim();
    }
    portAsInteger(stored);
  },
  messagingProvider(stored) {
    if (typeof stored.accountSid === 'string') stored.accountSid = stored.accountSid.trim();
  },
};

export function normalizeCredentials(type: string, credentials: Record<string, unknown>): Record<string, unknown> {
  const clean = cleaners[type];
  if (!clean) return credentials;
  const stored = { ...credentials };
  clean(stored);
  return stored;
}
