/**
 * @module runtime/services/models/default-models — a project's default models (spec 000 §3 "Default
 * model config": text_model, embedding_model, image_model), used by nodes whose model field is
 * empty. Stored as JSON at `{prefix}project:{projectId}:default-models`.
 */
import type Redis from 'ioredis';
import type { DefaultModelKey, DefaultModels, ModelParam, ModelType } from '../../../contract/models.ts';
import { isPlainObject } from '../../../catalogue/coerce.ts';
import { userError } from '../../../catalogue/errors.ts';
import { parseModelParam } from './model-param.ts';

export const MISSING_DEFAULTS = 'Missing default models config';
export const DEFAULT_NOT_FOUND = 'Default model not found! Please set a default model for this model type';

export const DEFAULT_KEY: Record<ModelType, DefaultModelKey> = {
  text: 'text_model',
  embedding: 'embedding_model',
  image: 'image_model',
};

export interface DefaultModelsReader {
  get(projectId: string): Promise<DefaultModels | null>;
}

export class DefaultModelsStore implements DefaultModelsReader {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  key(projectId: string) {
    return `${this.prefix}project:${projectId}:default-models`;
  }

  async get(projectId: string): Promise<DefaultModels | null> {
    const text = await this.redis.get(this.key(projectId));
    return text ? (JSON.parse(text) as DefaultModels) : null;
  }

  /** Replace the config; each given model must be a valid model param of its key's type. */
  async set(projectId: string, config: unknown): Promise<DefaultModels> {
    if (!isPlainObject(config)) throw userError(MISSING_DEFAULTS);
    const clean: DefaultModels = {};
    for (const [type, key] of Object.entries(DEFAULT_KEY) as [ModelType, DefaultModelKey][]) {
      if (config[key] === undefined || config[key] === null) continue;
      const param = parseModelParam(config[key]);
      if (param.type !== type) throw userError(`${key} must be a model of type ${type}`);
      clean[key] = param;
    }
    await this.redis.set(this.key(projectId), JSON.stringify(clean));
    return clean;
  }
}

/** The project's default model of `type`, or the spec's error. */
export async function defaultModel(reader: DefaultModelsReader, projectId: string, type: ModelType): Promise<ModelParam> {
  const config = await reader.get(projectId);
  if (!config) throw userError(MISSING_DEFAULTS);
  const param = config[DEFAULT_KEY[type]];
  if (!param) throw userError(DEFAULT_NOT_FOUND);
  return param;
}
