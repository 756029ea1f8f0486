/**
 * @module runtime/node-services — the providers of the services nodes declare by name
 * (catalogue/services/index.ts), one a name. The node runner asks a provider when a node that
 * declares its name reads it; a process that lacks a service (a worker-only process has no
 * `hooks`) leaves it out, and a node reading it fails with the service's own text.
 */
import type { Activation } from '../../actors/engine-types.ts';
import type { NodeServiceName, NodeServices, ServicesOf } from '../../catalogue/services/index.ts';
import type { CredentialReader } from '../../catalogue/types.ts';
import { declaredServices } from '../../catalogue/services/declared.ts';

/** What a provider builds a service for outside a run (a dropdown's loader, a sync's reader): the project and its credential reader. */
export interface ProjectScope {
  projectId: string;
  credentials: CredentialReader;
}

/** What a provider may build a service for in a run: the activation's project and its credential reader (which redacts what it reveals). */
export interface ServiceScope extends ProjectScope {
  activation: Activation;
}

/** The providers that need no activation: the server hands the same ones to the node runner, the loaders and the sync readers. */
export type ProjectServiceProviders = { [K in NodeServiceName]?: (scope: ProjectScope) => NodeServices[K] };

/** `ctx.services` of a loader or reader: the services `names` declares, each from its provider, each failing when read if the process has none. */
export function servicesFor<S extends NodeServiceName>(providers: ProjectServiceProviders, names: readonly S[] | undefined, scope: ProjectScope): ServicesOf<S> {
  // one property per declared name, each failing when read if this process lacks the service
  return declaredServices(names, (name) => providers[name]?.(scope)) as ServicesOf<S>;
}

export type ServiceProviders = { [K in NodeServiceName]?: (scope: ServiceScope) => NodeServices[K] };
