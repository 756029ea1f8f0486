/**
 * @module catalogue/services/declared — `ctx.services` for one activation: the services its
 * definition declares and nothing else, each made on its first read. The runtime's node runner
 * and the node test harness both build it here.
 */
import { NodeError } from '../errors.ts';
import { SERVICE_UNAVAILABLE, type NodeServiceName, type NodeServices } from './index.ts';

/** the service of that name for this activation, or undefined when this process has none */
export type ServiceSource = <K extends NodeServiceName>(name: K) => NodeServices[K] | undefined;

/**
 * An object with one property per declared name. Reading it asks `source` once; a service the
 * process does not provide fails the node then (an unexpected error: weft's set-up, not the flow).
 */
export function declaredServices(names: readonly NodeServiceName[] | undefined, source: ServiceSource): Partial<NodeServices> {
  const services: Partial<NodeServices> = {};
  for (const name of names ?? []) {
    let made: unknown;
    Object.defineProperty(services, name, {
      enumerable: true,
      get() {
        made ??= source(name);
        if (made === undefined) throw new NodeError(SERVICE_UNAVAILABLE[name], 'unexpected');
        return made;
      },
    });
  }
  return services;
}
