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
import type { NodeServiceName, ServicesOf } from './services/index.ts';

export interface OptionLoaderContext<S extends NodeServiceName = never> {
  projectId: string;
  credentials: CredentialReader;
  http: OutboundClient;
  serviceUrl(name: ServiceName): string;
  /** the operator's tool-execution service key (WEFT_TOOL_SERVICE_API_KEY), for loaders that go through it */
  toolServiceKey?: string;
  /** the services the loader declares (`loaderUsing`), built by the runtime from the same providers as a node's */
  services: ServicesOf<S>;
}

/** `input`: the form's current values (the credential's name, baseId, teamId, …); `services`: the names it reads in `ctx.services` */
export interface OptionLoader {
  (input: Record<string, unknown>, ctx: OptionLoaderContext): Promise<FieldOption[]>;
  readonly services?: readonly NodeServiceName[];
}

/** A loader that reads runtime services, declared by name as a node declares its own: `ctx.services` is typed from `services`. */
export function loaderUsing<const S extends NodeServiceName>(services: readonly S[], load: (input: Record<string, unknown>, ctx: OptionLoaderContext<S>) => Promise<FieldOption[]>): OptionLoader {
  // the runtime builds ctx.services from `services` (runtime/core/node-services.ts `servicesFor`)
  return Object.assign((input: Record<string, unknown>, ctx: OptionLoaderContext) => load(input, ctx as unknown as OptionLoaderContext<S>), { services });
}
