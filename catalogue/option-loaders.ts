/**
 * @module catalogue/option-loaders — dropdowns a node form loads from the server (spec 002 §2
 * `typeOptions.loadOptionsMethod`: Teams chats/teams/channels, table database bases/tables/
 * fields/records, notes pages/databases, …). A field names its loader with `loadOptionsMethod`;
 * the loader lives in the folder of the node that owns it (`<node>/loaders.ts`), which declares
 * it (`defineNode(…, { loaders })`; catalogue/nodes.ts gathers them as `optionLoaders`). A
 * loader answers an empty list when it cannot load (no credential, the service refused): the
 * spec's rule. Server side.
 */
import type { CredentialReader, FieldOption } from './types.ts';
import type { OutboundClient } from './outbound.ts';
import type { ServiceName } from './service-urls.ts';
import type { PostgresAccess } from './services/postgres.ts';

export interface OptionLoaderContext {
  projectId: string;
  credentials: CredentialReader;
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
  /** the operator's tool-execution service key (WEFT_TOOL_SERVICE_API_KEY), for loaders that go through it */
  toolServiceKey?: string;
  /** Postgres databases under the address policy (runtime/services/postgres/), for the Postgres trigger's dropdowns */
  postgres?: PostgresAccess;
}

/** `input`: the form's current values (the credential's name, baseId, teamId, …) */
export type OptionLoader = (input: Record<string, unknown>, ctx: OptionLoaderContext) => Promise<FieldOption[]>;
