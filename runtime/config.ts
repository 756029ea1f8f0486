/** @module runtime/config — configuration from the environment (docs/configuration.md lists every variable). */
import { toolServiceSettingsFrom, type ToolServiceSettings } from './integrations/tool-service/settings.ts';
import { serviceDefaults, serviceUrlsFrom, serviceUrlVariable, type ServiceName, type ServiceUrls } from '../catalogue/service-urls.ts';
import type { LogPublisherConfig } from './services/logs/publisher.ts';
import { AllowList } from './services/outbound/address-policy.ts';
import { clusterNodes, isClusterUrl } from '../actors/redis-connection.ts';
import { defaultLoadLimits, projectShareOf, type LoadLimits } from './core/calls/load-shedding.ts';
import { PLAN_NAME, STARTER_PLAN, type StarterLimits } from './services/usage/plans.ts';
import type { ProxyConfig } from './services/models/gateway.ts';
import { checkSecret } from './services/secrets/server-secret.ts';
import { oauthAppsFrom, type OAuthClient } from './services/secrets/oauth-apps.ts';
import { DEFAULT_ADMIN_EMAIL } from './services/auth/accounts.ts';
import { dataSyncSettingsFrom, type DataSyncSettings } from './integrations/sync/data-sync-service/settings.ts';
import { crawlSettingsFrom, type CrawlSettings } from '../catalogue/app/crawl/settings.ts';

export interface Config {
  /** PORT, default 3000 */
  port: number;
  /** HOST, default 127.0.0.1: loopback unless told otherwise */
  host: string;
  /** REDIS_URL; unset: `npm start` runs its own Redis from redis.conf */
  redisUrl?: string;
  /** WEFT_DATA_DIR, default ./data */
  dataDir: string;
  /** WEFT_RUN_RETENTION, seconds a run's keys live after its last activity; default 7 days */
  retentionSeconds: number;
  /** WEFT_PAUSE_TIMEOUT (seconds), default 1800: how long a test run may stay paused at a breakpoint before it is cancelled (docs/debugging.md#breakpoints) */
  pauseTimeoutMs: number;
  /** WEFT_WORKER_CONCURRENCY, activations one process runs at once; default 16 */
  concurrency: number;
  /** WEFT_ROLE: 'all' (default), 'server' (HTTP only) or 'worker' (activations only) */
  role: 'all' | 'server' | 'worker';
  /** WEFT_PREFIX, the prefix of every Redis key; default 'weft:' */
  prefix: string;
  /** WEFT_STARTER_MAX_REQUESTS (default 3000 over 30 days; the daily cap is a thirtieth) and WEFT_STARTER_MAX_RECORDS (default 10000) */
  starterLimits: StarterLimits;
  /** WEFT_DEFAULT_PLAN, the plan organisations start on (not the first start's own: that one is unlimited); default 'starter' */
  defaultPlan: string;
  /** WEFT_LOG_RETENTION, seconds production log records are kept; default 30 days */
  logRetentionSeconds: number;
  /** WEFT_LOG_PUBLISHER_URL and WEFT_LOG_PUBLISHER_KEY: export log records there; unset: not exported */
  logPublisher?: LogPublisherConfig;
  /** WEFT_OUTBOUND_ALLOW: private, loopback or link-local addresses nodes and model calls may reach anyway; default none */
  outboundAllow: string[];
  /** WEFT_SHUTDOWN_GRACE (seconds), default 10: how long waiting realtime callers get when the server stops */
  shutdownGraceMs: number;
  /** WEFT_MAX_CALLS_IN_FLIGHT (500), WEFT_MAX_PROJECT_CALLS_IN_FLIGHT (half of it), WEFT_MAX_QUEUED_ACTIVATIONS (20000): load shedding */
  loadLimits: LoadLimits;
  /** WEFT_SERVICE_URL_<NAME>: where a public service app nodes call is reached instead (catalogue/service-urls.ts) */
  serviceUrls: ServiceUrls;
  /** WEFT_TOOL_SERVICE_API_KEY, _WEBHOOK_SECRET, _AUTH_CONFIG_<PROVIDER> and WEFT_PUBLIC_URL (runtime/integrations/tool-service/settings.ts) */
  toolService: ToolServiceSettings;
  /** WEFT_IDEMPOTENCY_TTL, seconds an Idempotency-Key's first call is remembered; default 24 h */
  idempotencySeconds: number;
  /** WEFT_METRICS_TOKEN: `GET /metrics` wants it as a bearer token; unset: it answers loopback clients only */
  metricsToken?: string;
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT set (and neither
   * OTEL_SDK_DISABLED=true nor OTEL_TRACES_EXPORTER=none): traces are exported over OTLP/HTTP;
   * the SDK reads the OTEL_* variables itself (docs/operations.md#traces). Default off
   */
  traces: boolean;
  /** DATABASE_URL: a Postgres with pgvector for the vector store; unset: the embedded store under the data directory */
  databaseUrl?: string;
  /** WEFT_PORTKEY_URL + WEFT_PORTKEY_API_KEY, WEFT_LITELLM_URL + WEFT_LITELLM_API_KEY: the model proxies */
  modelProxies: { portkey: ProxyConfig; litellm: ProxyConfig };
  /** WEFT_ADMIN_EMAIL and WEFT_ADMIN_PASSWORD: the admin account the first start creates; unset: admin@weft.local, a generated password */
  admin: { email?: string; password?: string };
  /** WEFT_SECRET and WEFT_PREVIOUS_SECRET (checked); unset: the secret file in the data directory */
  secret?: { current: string; previous: string[] };
  /** WEFT_OPERATOR_EMAILS: who may register OAuth apps; default the admin's email */
  operatorEmails: string[];
  /** WEFT_OAUTH_<ID>_CLIENT_ID, _CLIENT_SECRET, _SCOPES: OAuth apps by marketplace id, used when the studio has none registered */
  oauthApps: Record<number, OAuthClient>;
  /** WEFT_DATA_SYNC_*: the data-sync service that keeps the sync jobs; unset: the embedded engine */
  dataSync?: DataSyncSettings;
  /** WEFT_CRAWL_*: the in-process crawler's politeness and concurrency limits (catalogue/app/crawl/settings.ts) */
  crawl: CrawlSettings;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max} (got '${text}')`);
  }
  return value;
}

function redisUrlOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // The value is not echoed: it may carry a password.
  if (!/^(rediss?:\/\/|\/)\S+$/.test(text) && !isClusterUrl(text)) {
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL, the path of a Unix socket, or redis-cluster://host:port,host:port for a Redis Cluster');
  }
  if (isClusterUrl(text)) clusterNodes(text);
  return text;
}

function logPublisherOf(env: NodeJS.ProcessEnv): LogPublisherConfig | undefined {
  const url = env.WEFT_LOG_PUBLISHER_URL;
  const key = env.WEFT_LOG_PUBLISHER_KEY || undefined;
  if (!url) {
    if (key) throw new Error('WEFT_LOG_PUBLISHER_KEY is set but WEFT_LOG_PUBLISHER_URL is not');
    return undefined;
  }
  // Not echoed either: a URL may carry a password.
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error('WEFT_LOG_PUBLISHER_URL must be an http:// or https:// URL');
  return { url, key };
}

function planOf(env: NodeJS.ProcessEnv): string {
  const plan = env.WEFT_DEFAULT_PLAN || STARTER_PLAN;
  if (!PLAN_NAME.test(plan)) throw new Error(`WEFT_DEFAULT_PLAN must be a plan name: lower-case letters, digits and dashes (got '${plan}')`);
  return plan;
}

/** The allow-list's entries, each checked (a bad one throws naming it). */
function outboundAllowOf(text: string | undefined): string[] {
  const entries = (text ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  new AllowList(entries);
  return entries;
}

/** Each WEFT_SERVICE_URL_<NAME> must be an http(s) URL; unset ones keep the public address. */
function serviceUrlsOf(env: NodeJS.ProcessEnv): ServiceUrls {
  for (const name of Object.keys(serviceDefaults) as ServiceName[]) {
    const variable = serviceUrlVariable(name);
    const value = env[variable];
    if (value && !/^https?:\/\/\S+$/.test(value)) throw new Error(`${variable} must be an http:// or https:// URL`);
  }
  return serviceUrlsFrom(env);
}

/** How much one server process takes on before it sheds load (runtime/core/calls/load-shedding.ts). */
function loadLimitsOf(env: NodeJS.ProcessEnv): LoadLimits {
  const maxInFlight = integer(env, 'WEFT_MAX_CALLS_IN_FLIGHT', defaultLoadLimits.maxInFlight, 1, 1e6);
  return {
    maxInFlight,
    maxInFlightPerProject: integer(env, 'WEFT_MAX_PROJECT_CALLS_IN_FLIGHT', projectShareOf(maxInFlight), 1, 1e6),
    maxQueued: integer(env, 'WEFT_MAX_QUEUED_ACTIVATIONS', defaultLoadLimits.maxQueued, 1, 1e9),
  };
}

/** At least 16 visible ASCII characters: a token a scraper sends as `Bearer <token>`. */
function metricsTokenOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // Not echoed: it is a secret.
  if (!/^[\x21-\x7e]{16,256}$/.test(text)) throw new Error('WEFT_METRICS_TOKEN must be 16 to 256 visible ASCII characters (no spaces)');
  return text;
}

/** Whether traces are exported: an OTLP endpoint is set, as an http(s) URL, and the SDK is not switched off. */
function tracesOf(env: NodeJS.ProcessEnv): boolean {
  const names = ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_EXPORTER_OTLP_ENDPOINT'].filter((name) => env[name]);
  for (const name of names) {
    if (!/^https?:\/\/\S+$/.test(env[name]!)) throw new Error(`${name} must be an http:// or https:// URL`);
  }
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter && exporter !== 'otlp') {
    if (exporter === 'none') return false;
    throw new Error(`OTEL_TRACES_EXPORTER must be otlp or none (got '${env.OTEL_TRACES_EXPORTER}')`);
  }
  const protocol = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim();
  if (names.length && protocol && protocol !== 'http/protobuf') {
    throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf: weft exports traces over OTLP/HTTP with protobuf (got '${protocol}')`);
  }
  return names.length > 0;
}

function secretOf(env: NodeJS.ProcessEnv): Config['secret'] {
  if (!env.WEFT_SECRET) return undefined;
  const previous = env.WEFT_PREVIOUS_SECRET ? [checkSecret(env.WEFT_PREVIOUS_SECRET, 'WEFT_PREVIOUS_SECRET')] : [];
  return { current: checkSecret(env.WEFT_SECRET, 'WEFT_SECRET'), previous };
}

function operatorEmailsOf(env: NodeJS.ProcessEnv): string[] {
  const listed = (env.WEFT_OPERATOR_EMAILS ?? '').split(',').map((e) => e.trim()).filter(Boolean);
  return listed.length ? listed : [env.WEFT_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL];
}

/** Read and check the configuration; an invalid value throws, naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const role = env.WEFT_ROLE || 'all';
  if (role !== 'all' && role !== 'server' && role !== 'worker') {
    throw new Error(`WEFT_ROLE must be all, server or worker (got '${role}')`);
  }
  const prefix = env.WEFT_PREFIX || 'weft:';
  if (!/^[\w.-]+:$/.test(prefix)) throw new Error(`WEFT_PREFIX must be letters, digits, '.', '-' or '_' ending in ':' (got '${prefix}')`);
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '127.0.0.1',
    redisUrl: redisUrlOf(env.REDIS_URL),
    dataDir: env.WEFT_DATA_DIR || './data',
    retentionSeconds: integer(env, 'WEFT_RUN_RETENTION', 7 * 24 * 3600, 60, 10 * 365 * 24 * 3600),
    pauseTimeoutMs: integer(env, 'WEFT_PAUSE_TIMEOUT', 30 * 60, 1, 7 * 24 * 3600) * 1000,
    concurrency: integer(env, 'WEFT_WORKER_CONCURRENCY', 16, 1, 1000),
    role,
    prefix,
    starterLimits: {
      requests: integer(env, 'WEFT_STARTER_MAX_REQUESTS', 3000, 30, 1e12),
      records: integer(env, 'WEFT_STARTER_MAX_RECORDS', 10_000, 0, 1e12),
    },
    defaultPlan: planOf(env),
    logRetentionSeconds: integer(env, 'WEFT_LOG_RETENTION', 30 * 24 * 3600, 60, 10 * 365 * 24 * 3600),
    logPublisher: logPublisherOf(env),
    outboundAllow: outboundAllowOf(env.WEFT_OUTBOUND_ALLOW),
    shutdownGraceMs: integer(env, 'WEFT_SHUTDOWN_GRACE', 10, 0, 3600) * 1000,
    loadLimits: loadLimitsOf(env),
    serviceUrls: serviceUrlsOf(env),
    toolService: toolServiceSettingsFrom(env),
    idempotencySeconds: integer(env, 'WEFT_IDEMPOTENCY_TTL', 24 * 3600, 60, 30 * 24 * 3600),
    metricsToken: metricsTokenOf(env.WEFT_METRICS_TOKEN),
    traces: tracesOf(env),
    databaseUrl: env.DATABASE_URL || undefined,
    modelProxies: {
      portkey: { url: env.WEFT_PORTKEY_URL, apiKey: env.WEFT_PORTKEY_API_KEY },
      litellm: { url: env.WEFT_LITELLM_URL, apiKey: env.WEFT_LITELLM_API_KEY },
    },
    admin: { email: env.WEFT_ADMIN_EMAIL?.trim() || undefined, password: env.WEFT_ADMIN_PASSWORD || undefined },
    secret: secretOf(env),
    operatorEmails: operatorEmailsOf(env),
    oauthApps: oauthAppsFrom(env),
    dataSync: dataSyncSettingsFrom(env) ?? undefined,
    crawl: crawlSettingsFrom(env),
  };
}
