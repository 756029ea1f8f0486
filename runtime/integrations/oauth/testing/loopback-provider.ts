/**
 * @module runtime/integrations/oauth/testing/loopback-provider — a loopback server that speaks the OAuth
 * endpoints weft signs in with, for tests: Google's consent page and token endpoint, the
 * Microsoft identity platform's `/{tenant}/oauth2/v2.0/authorize` and `/token`, Slack's
 * `oauth/v2/authorize` page and `oauth.v2.access`. A consent page answers at once with a
 * redirect to `redirect_uri` carrying a new code and the `state`; the token endpoints check
 * the code (once, with its redirect_uri and client) or the refresh token and answer tokens as
 * each provider does. Every request is recorded, and `refuseNext` makes the next token call fail.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceUrls } from '../../../../catalogue/service-urls.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

type Provider = 'google' | 'microsoft' | 'slack';

export interface LoopbackProvider {
  base: string;
  /** host:port, for outboundAllow */
  host: string;
  serviceUrls: Partial<ServiceUrls>;
  requests: RecordedRequest[];
  tokenRequests(provider: Provider): RecordedRequest[];
  /** the client the token endpoints accept */
  client: { clientId: string; clientSecret: string };
  /** every access and refresh token it issued */
  issued: string[];
  /** the next token call of `provider` answers this refusal */
  refuseNext(provider: Provider): void;
  /** the next code exchange answers without a refresh token */
  withoutRefreshTokenNext(provider: Provider): void;
  /** a refresh token it takes, as if a consent had given it */
  grantRefreshToken(): string;
  /** lifetime of the access tokens it issues, seconds (default 3600) */
  expiresIn: number;
  close(): Promise<void>;
}

const token = (kind: string) => `${kind}-${randomBytes(12).toString('hex')}`;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLoopbackProvider(client = { clientId: 'loopback-client', clientSecret: `client-secret-${randomBytes(8).toString('hex')}` }): Promise<LoopbackProvider> {
  const requests: RecordedRequest[] = [];
  const issued: string[] = [];
  const codes = new Map<string, { redirectUri: string; provider: Provider }>();
  const refreshTokens = new Set<string>();
  const refusing = new Set<Provider>();
  const noRefresh = new Set<Provider>();
  const state = { expiresIn: 3600 };

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://loopback');
    const raw = await bodyOf(req);
    const form = Object.fromEntries(new URLSearchParams(raw));
    const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers, form };
    requests.push(recorded);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const authorize = url.pathname === '/google/auth' || /^\/ms\/[^/]+\/oauth2\/v2\.0\/authorize$/.test(url.pathname) || url.pathname === '/slack/oauth/v2/authorize';
    if (req.method === 'GET' && authorize) {
      const provider: Provider = url.pathname.startsWith('/google') ? 'google' : url.pathname.startsWith('/ms') ? 'microsoft' : 'slack';
      const code = token('code');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { redirectUri, provider });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href, 'content-type': 'text/html' });
      res.end(`<p>Consent given: back to <a href="${back.href}">${back.href}</a></p>`);
      return;
    }
    const provider: Provider | null =
      url.pathname === '/google/token' ? 'google' : /^\/ms\/[^/]+\/oauth2\/v2\.0\/token$/.test(url.pathname) ? 'microsoft' : url.pathname === '/slack/api/oauth.v2.access' ? 'slack' : null;
    if (req.method !== 'POST' || !provider) return json(404, { error: 'not_found' });
    const refuse = (error: string) => (provider === 'slack' ? json(200, { ok: false, error }) : json(400, { error, error_description: `${error} (loopback)` }));
    // client authentication: Slack by HTTP Basic, Google and Microsoft in the form
    const [basicId, basicSecret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent);
    const clientId = provider === 'slack' ? basicId : form.client_id;
    const clientSecret = provider === 'slack' ? basicSecret : form.client_secret;
    if (clientId !== client.clientId || clientSecret !== client.clientSecret) return refuse('invalid_client');
    if (refusing.delete(provider)) return refuse('invalid_grant');
    if (form.grant_type === 'authorization_code') {
      const given = codes.get(form.code);
      codes.delete(form.code);
      if (!given || given.provider !== provider || given.redirectUri !== form.redirect_uri) return refuse('invalid_grant');
    } else if (form.grant_type === 'refresh_token') {
      if (!refreshTokens.has(form.refresh_token)) return refuse('invalid_grant');
      // Microsoft and Slack rotate refresh tokens; Google keeps the one it gave
      if (provider !== 'google') refreshTokens.delete(form.refresh_token);
    } else {
      return refuse('unsupported_grant_type');
    }
    const access = token(provider === 'slack' ? 'xoxb' : 'access');
    const refresh = provider === 'google' && form.grant_type === 'refresh_token' ? undefined : noRefresh.delete(provider) ? undefined : token('refresh');
    issued.push(access, ...(refresh ? [refresh] : []));
    if (refresh) refreshTokens.add(refresh);
    const common = { access_token: access, expires_in: state.expiresIn, ...(refresh ? { refresh_token: refresh } : {}) };
    if (provider === 'google') return json(200, { ...common, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/spreadsheets.readonly' });
    if (provider === 'microsoft') return json(200, { ...common, token_type: 'Bearer', scope: 'User.Read Chat.ReadWrite', ext_expires_in: state.expiresIn });
    return json(200, { ok: true, ...common, token_type: 'bot', scope: 'chat:write', bot_user_id: 'U0BOT', app_id: 'A0APP', team: { id: 'T0TEAM', name: 'Loopback' } });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    host: `127.0.0.1:${port}`,
    serviceUrls: { googleAuthorize: `${base}/google/auth`, googleToken: `${base}/google/token`, msLogin: `${base}/ms`, slackAuthorize: `${base}/slack/oauth/v2/authorize`, slack: `${base}/slack/api` },
    requests,
    tokenRequests: (provider) => requests.filter((r) => r.method === 'POST' && (provider === 'google' ? r.path === '/google/token' : provider === 'microsoft' ? r.path.startsWith('/ms/') : r.path === '/slack/api/oauth.v2.access')),
    client,
    issued,
    refuseNext: (provider) => void refusing.add(provider),
    grantRefreshToken() {
      const refresh = token('refresh');
      refreshTokens.add(refresh);
      issued.push(refresh);
      return refresh;
    },
    withoutRefreshTokenNext: (provider) => void noRefresh.add(provider),
    get expiresIn() {
      return state.expiresIn;
    },
    set expiresIn(seconds: number) {
      state.expiresIn = seconds;
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
