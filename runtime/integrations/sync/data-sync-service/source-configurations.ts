/**
 * @module runtime/integrations/sync/data-sync-service/source-configurations — what each data-source node
 * becomes at the data-sync service (spec 001 §7): its source type, the `connectionConfiguration`
 * of `sources/create` and `/update` from the node's values and its credential, which discovered
 * streams its connection syncs, and the spec's texts (§8) when its source or its connection
 * cannot be set up. One entry a node type.
 */
import type { SyncJobSpec } from '../../../services/sync-sources/types.ts';
import type { SourceKind } from './settings.ts';

type Values = Record<string, unknown>;

export interface SourceConfiguration {
  kind: SourceKind;
  connectionConfiguration(spec: SyncJobSpec, credential: Values): Values;
  /** whether the connection syncs a discovered stream (default: every one) */
  selects?(stream: { name: string; namespace?: string }, spec: SyncJobSpec): boolean;
  /** spec 001 §8: the source could not be created or saved */
  sourceFailed(flowId: string, reason: string): string;
  /** spec 001 §8: the connection could not be created */
  connectionFailed(flowId: string, reason: string): string;
  /** spec 001 §8: the text a failed job setup (any step of create) is answered with, around the step's own; absent: the step's own */
  setupFailed?(message: string): string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const texts = (value: unknown) => (Array.isArray(value) ? value.map(text).filter(Boolean) : text(value) ? [text(value)] : []);
const withStartDate = (values: Values) => (text(values.start_date) ? { start_date: text(values.start_date) } : {});

/** spec 001 §7/§9: one stream of documents, parsed as unstructured files; unprocessable files skipped, records emitted */
export function documentStream(spec: SyncJobSpec): Values {
  const values = spec.values;
  return {
    name: spec.flowId,
    globs: texts(values.globs),
    validation_policy: 'Emit Record',
    days_to_sync_if_history_is_full: Number(values.days_to_sync_if_history_is_full ?? 3),
    format: { filetype: 'unstructured', strategy: text(values.strategy) || 'auto', skip_unprocessable_files: true },
  };
}

/** the OAuth credential as the Microsoft and Google connectors take it (they refresh it themselves) */
const oauthClient = (credential: Values, withTenant: boolean) => ({
  auth_type: 'Client',
  ...(withTenant ? { tenant_id: text(credential.tenant_id) } : {}),
  client_id: text(credential.client_id),
  client_secret: text(credential.client_secret),
  refresh_token: text(credential.refresh_token),
});

/** spec 001 §9: ACCESSIBLE_DRIVES when the scope is absent at creation */
const searchScope = (values: Values) => text(values.search_scope) || 'ACCESSIBLE_DRIVES';

const SHAREPOINT_ONEDRIVE_FAILED = 'Unable to setup sharepoint/onedrive source or connection for workflow';

const onedrive: SourceConfiguration = {
  kind: 'onedrive',
  connectionConfiguration: (spec, credential) => ({
    credentials: oauthClient(credential, true),
    drive_name: text(spec.values.drive_name) || 'OneDrive',
    folder_path: text(spec.values.folder_path) || '.',
    search_scope: searchScope(spec.values),
    streams: [documentStream(spec)],
    ...withStartDate(spec.values),
  }),
  sourceFailed: (flowId) => `Unable to setup onedrive source for workflow: ${flowId}`,
  connectionFailed: () => SHAREPOINT_ONEDRIVE_FAILED,
};

const sharepoint: SourceConfiguration = {
  kind: 'sharepoint',
  connectionConfiguration: (spec, credential) => ({
    credentials: oauthClient(credential, true),
    site_url: text(spec.values.site_url),
    folder_path: text(spec.values.folder_path) || '.',
    search_scope: searchScope(spec.values),
    streams: [documentStream(spec)],
    ...withStartDate(spec.values),
  }),
  sourceFailed: () => SHAREPOINT_ONEDRIVE_FAILED,
  connectionFailed: () => SHAREPOINT_ONEDRIVE_FAILED,
};

const s3: SourceConfiguration = {
  kind: 's3',
  connectionConfiguration: (spec, credential) => {
    const stream = documentStream(spec);
    return {
      bucket: text(spec.values.bucket),
      format: stream.format,
      streams: [stream],
      ...withStartDate(spec.values),
      region: text(credential.awsRegion) || 'us-east-1',
      aws_access_key_id: text(credential.awsAccessKeyId),
      aws_secret_access_key: text(credential.awsSecretAccessKey),
    };
  },
  sourceFailed: (_flowId, reason) => `Unable to setup S3 Source: ${reason}`,
  connectionFailed: (_flowId, reason) => `Unable to setup S3 Job: ${reason}`,
  setupFailed: (message) => `S3 Job Setup Failed with error: ${message}`,
};

/** spec 001 §5: the host without http(s):// and a trailing slash */
export const postgresHost = (host: unknown) => text(host).replace(/^https?:\/\//i, '').replace(/\/+$/, '');

const postgres: SourceConfiguration = {
  kind: 'postgres',
  connectionConfiguration: (spec, credential) => {
    const mode = text(credential.sslMode) || 'disable';
    const certificates = ['ca_certificate', 'client_certificate', 'client_key', 'client_key_password'].filter((field) => text(credential[field]));
    return {
      host: postgresHost(credential.host),
      port: Number(credential.port),
      database: text(credential.dbName),
      username: text(credential.username),
      password: text(credential.password),
      schemas: texts(spec.values.schemas),
      ssl_mode: { mode, ...Object.fromEntries(certificates.map((field) => [field, text(credential[field])])) },
      // spec 001 §3: Xmin replication
      replication_method: { method: 'Xmin' },
      tunnel_method: { tunnel_method: 'NO_TUNNEL' },
    };
  },
  selects: (stream, spec) => {
    const tables = texts(spec.values.tables);
    const schemas = texts(spec.values.schemas);
    return (tables.length === 0 || tables.includes(stream.name) || tables.includes(`${stream.namespace}.${stream.name}`)) && (schemas.length === 0 || !stream.namespace || schemas.includes(stream.namespace));
  },
  sourceFailed: () => 'Unable to create the source for Postgres',
  connectionFailed: () => 'Postgres Job Setup Failed',
};

const googleSheets: SourceConfiguration = {
  kind: 'googleSheets',
  connectionConfiguration: (spec, credential) => ({
    spreadsheet_id: text(spec.values.spreadSheetLink),
    batch_size: Number(spec.values.batchSize ?? 200),
    names_conversion: spec.values.namesConversion === true,
    credentials: oauthClient(credential, false),
  }),
  selects: (stream, spec) => !text(spec.values.sheetName) || stream.name === text(spec.values.sheetName),
  sourceFailed: () => 'Unable to setup source for Google Sheets',
  connectionFailed: () => 'Google Sheets Job Setup Failed',
};

const googleDrive: SourceConfiguration = {
  kind: 'googleDrive',
  connectionConfiguration: (spec, credential) => ({
    folder_url: text(spec.values.folderUrl),
    credentials: oauthClient(credential, false),
    streams: [documentStream(spec)],
    ...withStartDate(spec.values),
  }),
  sourceFailed: () => 'Google Drive Job Setup Failed',
  connectionFailed: () => 'Google Drive Job Setup Failed',
};

/** by the data-source node's type */
export const sourceConfigurations: Record<string, SourceConfiguration> = {
  onedriveTriggerNode: onedrive,
  sharepointTriggerNode: sharepoint,
  s3TriggerNode: s3,
  postgresTriggerNode: postgres,
  googleSheetsTriggerNode: googleSheets,
  googleDriveTriggerNode: googleDrive,
};

export const sourceConfigurationOf = (nodeType: string): SourceConfiguration | undefined =>
  Object.hasOwn(sourceConfigurations, nodeType) ? sourceConfigurations[nodeType] : undefined;
