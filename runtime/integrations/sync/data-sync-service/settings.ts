/**
 * @module runtime/integrations/sync/data-sync-service/settings — the operator's data-sync service (Airbyte's
 * API as spec 001 §7 shapes it), read from the environment (docs/sync.md). Unset
 * WEFT_DATA_SYNC_URL: no service, the embedded engine keeps every job. Set, the workspace and
 * the destination are required, and each source type needs its source definition id.
 */

/** the source types the service syncs, and the variable naming each one's source definition */
export const SOURCE_KINDS = {
  onedrive: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_ONEDRIVE',
  sharepoint: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_SHAREPOINT',
  s3: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_S3',
  postgres: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_POSTGRES',
  googleSheets: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_GOOGLE_SHEETS',
  googleDrive: 'WEFT_DATA_SYNC_SOURCE_DEFINITION_GOOGLE_DRIVE',
} as const;

export type SourceKind = keyof typeof SOURCE_KINDS;

export interface DataSyncSettings {
  /** WEFT_DATA_SYNC_URL: the service's base URL (its API is under /api/v1 and /api/public/v1) */
  url: string;
  /** WEFT_DATA_SYNC_USER / WEFT_DATA_SYNC_PASSWORD: basic auth on every call (both or neither) */
  user?: string;
  password?: string;
  /** WEFT_DATA_SYNC_WORKSPACE_ID: the workspace sources are created in */
  workspaceId: string;
  /** WEFT_DATA_SYNC_DESTINATION_ID: the vector destination every connection writes to (the operator's; weft never deletes it) */
  destinationId: string;
  /** WEFT_DATA_SYNC_SOURCE_DEFINITION_<KIND>: the source definition (connector) id of each source type */
  sourceDefinitions: Partial<Record<SourceKind, string>>;
}

/** null when WEFT_DATA_SYNC_URL is unset; throws naming what is missing or malformed. */
export function dataSyncSettingsFrom(env: NodeJS.ProcessEnv): DataSyncSettings | null {
  const url = env.WEFT_DATA_SYNC_URL?.trim().replace(/\/+$/, '');
  if (!url) return null;
  if (!/^https?:\/\/\S+$/.test(url)) throw new Error('WEFT_DATA_SYNC_URL must be an http:// or https:// URL');
  const missing = ['WEFT_DATA_SYNC_WORKSPACE_ID', 'WEFT_DATA_SYNC_DESTINATION_ID'].filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`WEFT_DATA_SYNC_URL is set: ${missing.join(' and ')} must be set too`);
  const user = env.WEFT_DATA_SYNC_USER?.trim();
  const password = env.WEFT_DATA_SYNC_PASSWORD;
  if (Boolean(user) !== Boolean(password)) throw new Error('WEFT_DATA_SYNC_USER and WEFT_DATA_SYNC_PASSWORD go together');
  const sourceDefinitions: Partial<Record<SourceKind, string>> = {};
  for (const [kind, variable] of Object.entries(SOURCE_KINDS) as Array<[SourceKind, string]>) {
    const id = env[variable]?.trim();
    if (id) sourceDefinitions[kind] = id;
  }
  return {
    url,
    ...(user && password ? { user, password } : {}),
    workspaceId: env.WEFT_DATA_SYNC_WORKSPACE_ID!.trim(),
    destinationId: env.WEFT_DATA_SYNC_DESTINATION_ID!.trim(),
    sourceDefinitions,
  };
}
