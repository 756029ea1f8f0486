/**
 * @module runtime/compose/stores — every Redis store of one weft process, built once over the
 * stores' connection and shared by the engine, the services and the routers.
 */
import type Redis from 'ioredis';
import { ApiKeyStore } from '../services/stores/api-keys.ts';
import { CredentialStore } from '../services/stores/credentials.ts';
import { FlowVersionStore } from '../services/stores/flow-versions.ts';
import { FlowStore } from '../services/stores/flows.ts';
import { FlowTestStore } from '../services/stores/flow-tests.ts';
import { LogStore } from '../services/stores/logs.ts';
import { OrganisationStore } from '../services/stores/organisations.ts';
import { ProjectStore } from '../services/stores/projects.ts';
import { UsageStore } from '../services/stores/usage.ts';
import { DefaultModelsStore } from '../services/models/default-models.ts';
import type { SecretKeyring } from '../services/secrets/server-secret.ts';

export interface StoreSettings {
  keyring: SecretKeyring;
  /** the plan organisations made through the API start on (WEFT_DEFAULT_PLAN) */
  defaultPlan?: string;
  /** seconds production log records are kept (WEFT_LOG_RETENTION) */
  logRetentionSeconds: number;
}

export function buildStores(redis: Redis, prefix: string, settings: StoreSettings) {
  return {
    flows: new FlowStore(redis, prefix),
    versions: new FlowVersionStore(redis, prefix),
    projects: new ProjectStore(redis, prefix),
    organisations: new OrganisationStore(redis, prefix, settings.defaultPlan),
    credentials: new CredentialStore(redis, prefix, settings.keyring),
    apiKeys: new ApiKeyStore(redis, prefix),
    defaultModels: new DefaultModelsStore(redis, prefix),
    usage: new UsageStore(redis, prefix),
    logs: new LogStore(redis, prefix, settings.logRetentionSeconds),
    tests: new FlowTestStore(redis, prefix),
  };
}

export type Stores = ReturnType<typeof buildStores>;
