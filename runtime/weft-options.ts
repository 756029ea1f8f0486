/**
 * @module runtime/weft-options — what starts one weft process (runtime/server.ts `startWeft`):
 * `npm start` passes the configuration (runtime/config.ts); tests and benchmarks pass what they
 * need, and everything left out takes its default, never the environment.
 */
import type { CrawlSettings } from '../catalogue/app/crawl/settings.ts';
import type { ServiceUrls } from '../catalogue/service-urls.ts';
import type { CatalogueNode } from '../catalogue/types.ts';
import type { LoadLimits } from './core/calls/load-shedding.ts';
import type { DataSyncSettings } from './integrations/sync/data-sync-service/settings.ts';
import type { ToolServiceSettings } from './integrations/tool-service/settings.ts';
import type { LogPublisherConfig } from './services/logs/publisher.ts';
import type { ProxyConfig } from './services/models/gateway.ts';
import type { OAuthClient } from './services/secrets/oauth-apps.ts';
import type { SecretKeyring } from './services/secrets/server-secret.ts';
import type { SourceReader } from './services/sync-sources/types.ts';
import type { StarterLimits } from './services/usage/plans.ts';
import type { SyncSettings } from './sync-system.ts';

export interface WeftOptions {
  redisUrl: string;
  port?: number;
  host?: string;
  prefix?: string;
  role?: 'all' | 'server' | 'worker';
  concurrency?: number;
  /** how long a worker holds an activation before another worker takes over a crashed one's; default 30 s (tests of crashes shorten it) */
  lockDurationMs?: number;
  retentionSeconds?: number;
  /** how long a test run may stay paused at a breakpoint before it is cancelled; default 30 minutes (WEFT_PAUSE_TIMEOUT) */
  pauseTimeoutMs?: number;
  /** where the built editor is; default dist/editor */
  editorDir?: string;
  /** where the built widget scripts are; default dist/widgets */
  widgetsDir?: string;
  /** seconds a chat widget session's history is kept after its last message; default one day */
  chatHistoryTtlSeconds?: number;
  /** nodes added to the catalogue (tests of engine paths no shipped node takes yet) */
  extraNodes?: CatalogueNode[];
  /** readers of data sources added with `extraNodes` (runtime/integrations/sync/testing/list-source.ts) */
  extraSourceReaders?: SourceReader[];
  /** the data-source sync jobs: lock time, concurrency, engines besides the embedded one (runtime/sync-system.ts) */
  sync?: SyncSettings;
  /** WEFT_DATA_DIR: where the server secret file is kept unless WEFT_SECRET is set; default ./data */
  dataDir?: string;
  /** the secrets credentials are encrypted under; default `secret` (WEFT_SECRET) or else `${dataDir}/secret.key` */
  keyring?: SecretKeyring;
  /** WEFT_SECRET and WEFT_PREVIOUS_SECRET, checked (runtime/config.ts) */
  secret?: { current: string; previous: string[] };
  /** DATABASE_URL: a Postgres with pgvector for the vector store; default the embedded store under `dataDir` */
  databaseUrl?: string;
  /** the model proxies (WEFT_PORTKEY_*, WEFT_LITELLM_*); default none */
  modelProxies?: { portkey?: ProxyConfig; litellm?: ProxyConfig };
  /** OAuth apps by marketplace id from the environment (WEFT_OAUTH_<ID>_*), used when the studio has none registered */
  oauthApps?: Record<number, OAuthClient>;
  /** the data-sync service that keeps new sync jobs (WEFT_DATA_SYNC_*); default none: the embedded engine */
  dataSync?: DataSyncSettings;
  /** the in-process crawler's limits (WEFT_CRAWL_*); default catalogue/app/crawl/settings.ts's */
  crawl?: CrawlSettings;
  /** the starter plan's request and record limits (WEFT_STARTER_MAX_REQUESTS, WEFT_STARTER_MAX_RECORDS) */
  starterLimits?: StarterLimits;
  /** the plan organisations made through the API start on (WEFT_DEFAULT_PLAN); default 'starter' */
  defaultPlan?: string;
  /** seconds production log records are kept (WEFT_LOG_RETENTION); default 30 days */
  logRetentionSeconds?: number;
  /** export every log record to this HTTP log publisher (WEFT_LOG_PUBLISHER_URL / _KEY) */
  logPublisher?: LogPublisherConfig;
  /**
   * addresses nodes (and model credentials' baseUrl) may call although they are private,
   * loopback or link-local (WEFT_OUTBOUND_ALLOW entries: runtime/services/outbound/address-policy.ts); default none
   */
  outboundAllow?: readonly string[];
  /**
   * certificate authorities (PEM) the SMTP node trusts besides the system's, for every account (a
   * test's own SMTP server); a relay with a private CA is trusted through its credential's CA
   * certificate field
   */
  smtpCa?: string;
  /** how long an Idempotency-Key's first call is remembered, in seconds; default 24 h (runtime/core/calls/idempotency.ts) */
  idempotencySeconds?: number;
  /** `GET /metrics` wants this bearer token; unset: loopback clients only (runtime/http/routes/metrics.ts) */
  metricsToken?: string;
  /**
   * export traces over OTLP/HTTP (OTEL_EXPORTER_OTLP_ENDPOINT set: runtime/config.ts); the SDK
   * reads the other OTEL_* variables itself (runtime/services/tracing/sdk.ts); default off
   */
  traces?: boolean;
  /** base URLs of the public services app nodes call (WEFT_SERVICE_URL_<NAME>; catalogue/service-urls.ts); default their public addresses */
  serviceUrls?: Partial<ServiceUrls>;
  /**
   * On close, how long realtime callers still waiting for their flow's answer get before they
   * are answered 202 with the run id (WEFT_SHUTDOWN_GRACE, seconds); default 10 s
   */
  shutdownGraceMs?: number;
  /** how much the server takes on before it sheds load with 503/429 and Retry-After (WEFT_MAX_CALLS_IN_FLIGHT…; runtime/core/calls/load-shedding.ts) */
  loadLimits?: Partial<LoadLimits>;
  /**
   * who may register OAuth apps (WEFT_OPERATOR_EMAILS, comma-separated; runtime/config.ts defaults
   * it to WEFT_ADMIN_EMAIL); default admin@weft.local
   */
  operatorEmails?: readonly string[];
  /** the public base URL OAuth redirect URIs are built on; default `toolService.publicUrl` (WEFT_PUBLIC_URL), else each request's origin */
  publicUrl?: string;
  /**
   * the tool-execution service: its API key (nodes send it as x-api-key), webhook secret, auth
   * configs per provider and this server's public URL (runtime/integrations/tool-service/settings.ts); default none
   */
  toolService?: ToolServiceSettings;
}
