/**
 * @module runtime/services/models/from-env — the process's model gateway: default models in Redis,
 * proxies from the environment (WEFT_PORTKEY_URL + WEFT_PORTKEY_API_KEY,
 * WEFT_LITELLM_URL + WEFT_LITELLM_API_KEY; used by models whose info names that proxy), its
 * calls made through the process's one outbound client.
 */
import type Redis from 'ioredis';
import { DefaultModelsStore } from './default-models.ts';
import { ModelGateway } from './gateway.ts';
import type { Outbound } from '../outbound/client.ts';

export function modelGatewayFromEnv(redis: Redis, prefix: string, outbound: Outbound, env: NodeJS.ProcessEnv = process.env): ModelGateway {
  return new ModelGateway({
    defaults: new DefaultModelsStore(redis, prefix),
    outbound,
    proxies: {
      portkey: { url: env.WEFT_PORTKEY_URL, apiKey: env.WEFT_PORTKEY_API_KEY },
      litellm: { url: env.WEFT_LITELLM_URL, apiKey: env.WEFT_LITELLM_API_KEY },
    },
  });
}
