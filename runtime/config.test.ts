import { describe, expect, it } from 'vitest';
import { serviceDefaults } from '../catalogue/service-urls.ts';
import { crawlSettingsFrom } from '../catalogue/app/crawl/settings.ts';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      redisUrl: undefined,
      dataDir: './data',
      retentionSeconds: 7 * 24 * 3600,
      pauseTimeoutMs: 30 * 60_000,
      concurrency: 16,
      role: 'all',
      prefix: 'weft:',
      starterLimits: { requests: 3000, records: 10_000 },
      defaultPlan: 'starter',
      logRetentionSeconds: 30 * 24 * 3600,
      logPublisher: undefined,
      outboundAllow: [],
      shutdownGraceMs: 10_000,
      loadLimits: { maxInFlight: 500, maxInFlightPerProject: 250, maxQueued: 20_000 },
      serviceUrls: serviceDefaults,
      toolService: { authConfigs: {} },
      idempotencySeconds: 24 * 3600,
      metricsToken: undefined,
      traces: false,
      databaseUrl: undefined,
      modelProxies: { portkey: { url: undefined, apiKey: undefined }, litellm: { url: undefined, apiKey: undefined } },
      admin: { email: undefined, password: undefined },
      secret: undefined,
      operatorEmails: ['admin@weft.local'],
      oauthApps: {},
      dataSync: undefined,
      crawl: { concurrency: 4, minDelayMs: 250, maxBackground: 8, maxCrawlDelaySeconds: 10, pollMs: 2000 },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      REDIS_URL: 'redis://:secret@redis.internal:6380/2',
      WEFT_DATA_DIR: '/var/lib/weft',
      WEFT_RUN_RETENTION: '3600',
      WEFT_PAUSE_TIMEOUT: '120',
      WEFT_WORKER_CONCURRENCY: '4',
      WEFT_ROLE: 'worker',
      WEFT_PREFIX: 'staging:',
      WEFT_STARTER_MAX_REQUESTS: '600',
      WEFT_STARTER_MAX_RECORDS: '50',
      WEFT_DEFAULT_PLAN: 'team',
      WEFT_LOG_RETENTION: '86400',
      WEFT_LOG_PUBLISHER_URL: 'https://logs.internal/v1',
      WEFT_LOG_PUBLISHER_KEY: 'pub-key',
      WEFT_OUTBOUND_ALLOW: '127.0.0.1, localhost:8080,10.0.0.0/8,[::1]:9000',
      WEFT_SHUTDOWN_GRACE: '3',
      WEFT_MAX_CALLS_IN_FLIGHT: '200',
      WEFT_MAX_PROJECT_CALLS_IN_FLIGHT: '50',
      WEFT_MAX_QUEUED_ACTIVATIONS: '5000',
      WEFT_SERVICE_URL_MS_LOGIN: 'http://127.0.0.1:9999/',
      WEFT_TOOL_SERVICE_API_KEY: 'tool-key',
      WEFT_TOOL_SERVICE_WEBHOOK_SECRET: 'hook-secret',
      WEFT_TOOL_SERVICE_AUTH_CONFIG_MAIL: 'ac_mail',
      WEFT_TOOL_SERVICE_AUTH_CONFIG_TABLE_DATABASE: 'ac_table',
      WEFT_TOOL_SERVICE_AUTH_CONFIG_NOTES_WORKSPACE: 'ac_notes',
      WEFT_PUBLIC_URL: 'https://weft.example.com/',
      WEFT_METRICS_TOKEN: 'scrape-me-0123456789',
      WEFT_IDEMPOTENCY_TTL: '3600',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318',
      DATABASE_URL: 'postgres://weft@db.internal:5432/vectors',
      WEFT_PORTKEY_URL: 'https://portkey.internal/v1',
      WEFT_PORTKEY_API_KEY: 'pk-key',
      WEFT_LITELLM_URL: 'http://litellm.internal:4000',
      WEFT_LITELLM_API_KEY: 'll-key',
      WEFT_ADMIN_EMAIL: ' ops@example.com ',
      WEFT_ADMIN_PASSWORD: 'chosen-password',
      WEFT_SECRET: ' 0123456789abcdef-new ',
      WEFT_PREVIOUS_SECRET: '0123456789abcdef-old',
      WEFT_OPERATOR_EMAILS: 'a@example.com, b@example.com',
      WEFT_OAUTH_2_CLIENT_ID: 'drive-client',
      WEFT_OAUTH_2_CLIENT_SECRET: 'drive-secret',
      WEFT_OAUTH_2_SCOPES: 'drive.readonly, drive.file',
      WEFT_OAUTH_4_CLIENT_ID: 'no-secret-so-no-app',
      WEFT_DATA_SYNC_URL: 'http://airbyte.internal:8001/',
      WEFT_DATA_SYNC_USER: 'sync',
      WEFT_DATA_SYNC_PASSWORD: 'sync-password',
      WEFT_DATA_SYNC_WORKSPACE_ID: 'ws',
      WEFT_DATA_SYNC_DESTINATION_ID: 'dest',
      WEFT_DATA_SYNC_SOURCE_DEFINITION_S3: 'def-s3',
      WEFT_CRAWL_CONCURRENCY: '2',
      WEFT_CRAWL_MIN_DELAY_MS: '0',
      WEFT_CRAWL_MAX_BACKGROUND: '3',
      WEFT_CRAWL_MAX_CRAWL_DELAY_S: '5',
      WEFT_CRAWL_POLL_MS: '100',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      redisUrl: 'redis://:secret@redis.internal:6380/2',
      dataDir: '/var/lib/weft',
      retentionSeconds: 3600,
      pauseTimeoutMs: 120_000,
      concurrency: 4,
      role: 'worker',
      prefix: 'staging:',
      starterLimits: { requests: 600, records: 50 },
      defaultPlan: 'team',
      logRetentionSeconds: 86400,
      logPublisher: { url: 'https://logs.internal/v1', key: 'pub-key' },
      outboundAllow: ['127.0.0.1', 'localhost:8080', '10.0.0.0/8', '[::1]:9000'],
      shutdownGraceMs: 3000,
      loadLimits: { maxInFlight: 200, maxInFlightPerProject: 50, maxQueued: 5000 },
      serviceUrls: { ...serviceDefaults, msLogin: 'http://127.0.0.1:9999' },
      toolService: {
        apiKey: 'tool-key',
        webhookSecret: 'hook-secret',
        authConfigs: { mailOauth: 'ac_mail', tableDatabaseOauth: 'ac_table', notesWorkspaceOauth: 'ac_notes' },
        publicUrl: 'https://weft.example.com',
      },
      idempotencySeconds: 3600,
      metricsToken: 'scrape-me-0123456789',
      traces: true,
      databaseUrl: 'postgres://weft@db.internal:5432/vectors',
      modelProxies: { portkey: { url: 'https://portkey.internal/v1', apiKey: 'pk-key' }, litellm: { url: 'http://litellm.internal:4000', apiKey: 'll-key' } },
      admin: { email: 'ops@example.com', password: 'chosen-password' },
      secret: { current: '0123456789abcdef-new', previous: ['0123456789abcdef-old'] },
      operatorEmails: ['a@example.com', 'b@example.com'],
      oauthApps: { 2: { clientId: 'drive-client', clientSecret: 'drive-secret', scopes: ['drive.readonly', 'drive.file'] } },
      dataSync: { url: 'http://airbyte.internal:8001', user: 'sync', password: 'sync-password', workspaceId: 'ws', destinationId: 'dest', sourceDefinitions: { s3: 'def-s3' } },
      crawl: { concurrency: 2, minDelayMs: 0, maxBackground: 3, maxCrawlDelaySeconds: 5, pollMs: 100 },
    });
  });

  it('exports traces only with an OTLP endpoint and the SDK not switched off', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' };
    expect(loadConfig({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }).traces).toBe(true);
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf' }).traces).toBe(true);
    expect(loadConfig({ ...endpoint, OTEL_SDK_DISABLED: 'true' }).traces).toBe(false);
    expect(loadConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).traces).toBe(false);
    expect(loadConfig({ OTEL_SERVICE_NAME: 'weft-eu' }).traces).toBe(false);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'zipkin' }, "OTEL_TRACES_EXPORTER must be otlp or none (got 'zipkin')"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, "OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf: weft exports traces over OTLP/HTTP with protobuf (got 'grpc')"],
    [{ PORT: 'http' }, "PORT must be a whole number from 0 to 65535 (got 'http')"],
    [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535'],
    [{ WEFT_RUN_RETENTION: '1.5' }, 'WEFT_RUN_RETENTION must be a whole number'],
    [{ WEFT_PAUSE_TIMEOUT: '0' }, 'WEFT_PAUSE_TIMEOUT must be a whole number from 1'],
    [{ WEFT_WORKER_CONCURRENCY: '0' }, 'WEFT_WORKER_CONCURRENCY must be a whole number from 1'],
    [{ WEFT_ROLE: 'both' }, "WEFT_ROLE must be all, server or worker (got 'both')"],
    [{ WEFT_PREFIX: 'weft' }, "WEFT_PREFIX must be letters, digits, '.', '-' or '_' ending in ':'"],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL, the path of a Unix socket, or redis-cluster://host:port,host:port for a Redis Cluster'],
    [{ REDIS_URL: 'redis-cluster://a' }, 'Redis Cluster node "a" is not host:port'],
    [{ WEFT_STARTER_MAX_REQUESTS: '29' }, 'WEFT_STARTER_MAX_REQUESTS must be a whole number from 30'],
    [{ WEFT_STARTER_MAX_RECORDS: '-1' }, 'WEFT_STARTER_MAX_RECORDS must be a whole number from 0'],
    [{ WEFT_DEFAULT_PLAN: 'Team plan' }, "WEFT_DEFAULT_PLAN must be a plan name: lower-case letters, digits and dashes (got 'Team plan')"],
    [{ WEFT_LOG_RETENTION: '10' }, 'WEFT_LOG_RETENTION must be a whole number from 60'],
    [{ WEFT_LOG_PUBLISHER_URL: 'logs.internal' }, 'WEFT_LOG_PUBLISHER_URL must be an http:// or https:// URL'],
    [{ WEFT_LOG_PUBLISHER_KEY: 'k' }, 'WEFT_LOG_PUBLISHER_KEY is set but WEFT_LOG_PUBLISHER_URL is not'],
    [{ WEFT_OUTBOUND_ALLOW: 'localhost:http' }, "WEFT_OUTBOUND_ALLOW: 'localhost:http' is not a host"],
    [{ WEFT_OUTBOUND_ALLOW: '10.0.0.0/33' }, "WEFT_OUTBOUND_ALLOW: '10.0.0.0/33' is not a host"],
    [{ WEFT_MAX_CALLS_IN_FLIGHT: '0' }, 'WEFT_MAX_CALLS_IN_FLIGHT must be a whole number from 1'],
    [{ WEFT_PUBLIC_URL: 'weft.example.com' }, 'WEFT_PUBLIC_URL must be an http:// or https:// URL'],
    [{ WEFT_IDEMPOTENCY_TTL: '10' }, 'WEFT_IDEMPOTENCY_TTL must be a whole number from 60'],
    [{ WEFT_METRICS_TOKEN: 'short' }, 'WEFT_METRICS_TOKEN must be 16 to 256 visible ASCII characters (no spaces)'],
    [{ WEFT_SECRET: 'short' }, 'WEFT_SECRET must hold a secret of at least 16 characters'],
    [{ WEFT_SECRET: '0123456789abcdef', WEFT_PREVIOUS_SECRET: 'old' }, 'WEFT_PREVIOUS_SECRET must hold a secret of at least 16 characters'],
    [{ WEFT_DATA_SYNC_URL: 'airbyte.internal' }, 'WEFT_DATA_SYNC_URL must be an http:// or https:// URL'],
    [{ WEFT_DATA_SYNC_URL: 'http://airbyte.internal' }, 'WEFT_DATA_SYNC_URL is set: WEFT_DATA_SYNC_WORKSPACE_ID and WEFT_DATA_SYNC_DESTINATION_ID must be set too'],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('gives a project the whole limit of calls in flight unless told otherwise', () => {
    expect(loadConfig({ WEFT_MAX_CALLS_IN_FLIGHT: '80' }).loadLimits).toEqual({ maxInFlight: 80, maxInFlightPerProject: 40, maxQueued: 20_000 });
  });

  it('lets the operators default to the admin account named by WEFT_ADMIN_EMAIL', () => {
    expect(loadConfig({ WEFT_ADMIN_EMAIL: 'ops@example.com' }).operatorEmails).toEqual(['ops@example.com']);
  });

  it('keeps the crawler limits within their ranges', () => {
    expect(loadConfig({ WEFT_CRAWL_CONCURRENCY: '99', WEFT_CRAWL_POLL_MS: 'soon' }).crawl).toEqual({ ...crawlSettingsFrom({}), concurrency: 16 });
  });

  it('does not echo a bad WEFT_SECRET', () => {
    expect(() => loadConfig({ WEFT_SECRET: 'hunter2' })).toThrow(/^(?!.*hunter2)/);
  });

  it('takes a Redis Cluster as REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis-cluster://10.0.0.1:7000,10.0.0.2:7000' }).redisUrl).toBe('redis-cluster://10.0.0.1:7000,10.0.0.2:7000');
  });

  it('takes a Unix socket path as REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: '/var/run/redis/redis-server.sock' }).redisUrl).toBe('/var/run/redis/redis-server.sock');
  });

  it('does not echo a bad REDIS_URL, which may hold a password', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@host' })).toThrow(/^(?!.*hunter2)/);
  });
});
