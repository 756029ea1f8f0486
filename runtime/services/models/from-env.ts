/**
 * @module runtime/services/models/from-env — the process's model gateway: default models in Redis,
 * proxies as configured (runtime/config.ts `modelProxies`: WEFT_PORTKEY_URL + WEFT_PORTKEY_API_KEY,
 * WEFT_LITELLM_URL + WEFT_LITELLM_API_KEY; used by models whose info names that proxy), its
 * calls made through the process's one outbound client.
 */
import type Redis from 'ioredis';
import { DefaultModelsStore } from './default-models.ts';
import { ModelGateway, type ProxyConfig } from './gateway.ts';
import type { Outbound } from '../outbound/client.ts';

export function modelGatewayFromEnv(redis: Redis, prefix: string, outbound: Outbound, proxies: { portkey?: ProxyConfig; litellm?: ProxyConfig } = {}): ModelGateway {
  return new ModelGateway({ defaults: new DefaultModelsStore(redis, prefix), outbound, proxies });
}
