/**
 * @module catalogue/service-urls — the public services app nodes call, by name, with their
 * public base URLs (no trailing slash). An operator points one elsewhere with
 * WEFT_SERVICE_URL_<NAME> (upper snake case: `msLogin` → WEFT_SERVICE_URL_MS_LOGIN), for a
 * regional endpoint, a proxy or a test's loopback server speaking that API. Executors read
 * them through `ctx.serviceUrl(name)`; the runtime through its options' `serviceUrls`.
 * Browser-safe: data only.
 */
export const serviceDefaults = {
  /** Slack Web API (team chat) */
  slack: 'https://slack.com/api',
  /** Slack OAuth v2 consent page */
  slackAuthorize: 'https://slack.com/oauth/v2/authorize',
  /** Microsoft Graph v1.0 (Teams, OneDrive, SharePoint) */
  graph: 'https://graph.microsoft.com/v1.0',
  /** Microsoft identity platform: `{msLogin}/{tenant}/oauth2/v2.0/authorize` and `/token` */
  msLogin: 'https://login.microsoftonline.com',
  /** Bot Framework connector (Teams bots): `{botFramework}/{tenant}/v3/conversations/…` */
  botFramework: 'https://smba.trafficmanager.net',
  /** the Bot Framework's OpenID metadata, whose keys sign its calls to a bot (the Teams trigger checks them) */
  botOpenId: 'https://login.botframework.com/v1/.well-known/openidconfiguration',
  /** Google OAuth 2.0 consent page */
  googleAuthorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  /** Google OAuth 2.0 token endpoint (code exchange and refresh) */
  googleToken: 'https://oauth2.googleapis.com/token',
  /** Google Sheets API v4 */
  googleSheets: 'https://sheets.googleapis.com/v4',
  /** Google Drive API v3 */
  googleDrive: 'https://www.googleapis.com/drive/v3',
  /**
   * S3 (the S3 data source): `{region}` is the credential's region. An S3-compatible store
   * (MinIO, a test's s3rver) is given without it and is addressed path-style
   */
  s3: 'https://s3.{region}.amazonaws.com',
  /** Twilio REST API (messaging provider): `{twilio}/Accounts/{sid}/Messages.json` */
  twilio: 'https://api.twilio.com/2010-04-01',
  /** the tool-execution service (mail, table database, notes workspace broker) */
  toolService: 'https://backend.composio.dev/api/v3',
  /** Airtable Web API (table database, direct) */
  airtable: 'https://api.airtable.com/v0',
  /** Notion API (notes workspace, direct) */
  notion: 'https://api.notion.com/v1',
  /**
   * this weft's own public base URL: a flow's webhook is `{weft}/hook/{flowId}` (the crawl
   * nodes' webhook given as a flow; a crawl service is told that URL). Set it to the address
   * the world reaches this weft at.
   */
  weft: 'http://127.0.0.1:3000',
  /** the crawl service's public API (a crawl credential's hostUrl overrides it) */
  crawlService: 'https://api.firecrawl.dev',
  /** the web search service (spec 002 names none; weft's is this search API for AI agents, Bearer key) */
  webSearch: 'https://api.tavily.com',
  /**
   * the metadata service the chat response node asks about each reference URL (spec 000 §7):
   * POST `{ url }`, the answer a JSON object of the page's metadata. The spec names none, so
   * there is none by default: empty, the node shows references as given
   */
  referenceMetadata: '',
} as const;

export type ServiceName = keyof typeof serviceDefaults;
export type ServiceUrls = Record<ServiceName, string>;

/** `msLogin` → `WEFT_SERVICE_URL_MS_LOGIN` */
export function serviceUrlVariable(name: ServiceName): string {
  return `WEFT_SERVICE_URL_${name.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** The defaults with the environment's (or a test's) overrides; trailing slashes removed. */
export function serviceUrlsFrom(overrides: Partial<ServiceUrls> | Record<string, string | undefined> = {}): ServiceUrls {
  const urls = { ...serviceDefaults } as ServiceUrls;
  for (const name of Object.keys(serviceDefaults) as ServiceName[]) {
    const given = (overrides as Record<string, string | undefined>)[name] ?? (overrides as Record<string, string | undefined>)[serviceUrlVariable(name)];
    if (given) urls[name] = given.replace(/\/+$/, '');
  }
  return urls;
}
