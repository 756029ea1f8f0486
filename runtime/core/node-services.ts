/**
 * @module runtime/node-services — the providers of the services nodes declare by name
 * (catalogue/services/index.ts), one a name. The node runner asks a provider when a node that
 * declares its name reads it; a process that lacks a service (a worker-only process has no
 * `hooks`) leaves it out, and a node reading it fails with the service's own text.
 */
import type { Activation } from '../../actors/engine-types.ts';
import type { NodeServiceName, NodeServices } from '../../catalogue/services/index.ts';
import type { CredentialReader } from '../../catalogue/types.ts';

/** What a provider may build a service for: the activation's project and its credential reader (which redacts what it reveals). */
export interface ServiceScope {
  projectId: string;
  credentials: CredentialReader;
  activation: Activation;
}

export type ServiceProviders = { [K in NodeServiceName]?: (scope: ServiceScope) => NodeServices[K] };
