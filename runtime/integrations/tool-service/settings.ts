/**
 * @module runtime/integrations/tool-service/settings — the operator's settings of the tool-execution service
 * (the broker the mail, table database and notes workspace nodes go through): its API key, the
 * secret it signs its webhooks with, and the auth config (the service's OAuth app) of each
 * provider that Connect uses. Read from the environment (docs/configuration.md); never from a
 * builder.
 */

/** the credential types connected through the service, and their landing path's provider name */
export const CONNECTED_TYPES = {
  mailOauth: { provider: 'mail', variable: 'WEFT_TOOL_SERVICE_AUTH_CONFIG_MAIL' },
  tableDatabaseOauth: { provider: 'table-database', variable: 'WEFT_TOOL_SERVICE_AUTH_CONFIG_TABLE_DATABASE' },
  notesWorkspaceOauth: { provider: 'notes-workspace', variable: 'WEFT_TOOL_SERVICE_AUTH_CONFIG_NOTES_WORKSPACE' },
} as const;

export type ConnectedType = keyof typeof CONNECTED_TYPES;

export const isConnectedType = (type: string): type is ConnectedType => Object.hasOwn(CONNECTED_TYPES, type);

export interface ToolServiceSettings {
  /** WEFT_TOOL_SERVICE_API_KEY: sent as x-api-key on every call to the service */
  apiKey?: string;
  /** WEFT_TOOL_SERVICE_WEBHOOK_SECRET: the secret the service signs its trigger webhooks with */
  webhookSecret?: string;
  /** WEFT_TOOL_SERVICE_AUTH_CONFIG_<PROVIDER>: the service's auth config id per connected credential type */
  authConfigs: Partial<Record<ConnectedType, string>>;
  /** WEFT_PUBLIC_URL: the address the service and browsers reach this server at; unset: the request's own origin */
  publicUrl?: string;
}

export function toolServiceSettingsFrom(env: NodeJS.ProcessEnv): ToolServiceSettings {
  const publicUrl = env.WEFT_PUBLIC_URL?.replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/\S+$/.test(publicUrl)) throw new Error('WEFT_PUBLIC_URL must be an http:// or https:// URL');
  const authConfigs: Partial<Record<ConnectedType, string>> = {};
  for (const [type, { variable }] of Object.entries(CONNECTED_TYPES) as Array<[ConnectedType, { variable: string }]>) {
    if (env[variable]) authConfigs[type] = env[variable];
  }
  const settings: ToolServiceSettings = { authConfigs };
  if (env.WEFT_TOOL_SERVICE_API_KEY) settings.apiKey = env.WEFT_TOOL_SERVICE_API_KEY;
  if (env.WEFT_TOOL_SERVICE_WEBHOOK_SECRET) settings.webhookSecret = env.WEFT_TOOL_SERVICE_WEBHOOK_SECRET;
  if (publicUrl) settings.publicUrl = publicUrl;
  return settings;
}
