/**
 * @module runtime/services/models/model-param — a node's model field checked against the spec's rules
 * (000 §5): an object with type, model_name, provider_name and credential_name. An empty field
 * means "the project's default model of this type".
 */
import type { ModelParam, ModelType } from '../../../contract/models.ts';
import { isPlainObject, parseJsonish } from '../../../catalogue/coerce.ts';
import { userError } from '../../../catalogue/errors.ts';

export const INVALID_MODEL_PARAM = 'Invalid input data: the model must be an object with type, model_name, provider_name and credential_name';
export const MISSING_CREDENTIAL_ID = 'Missing credentialId for model';

const REQUIRED = ['type', 'model_name', 'provider_name', 'credential_name'] as const;
const TYPES: ModelType[] = ['text', 'embedding', 'image'];

/** True when the field holds nothing: the default model applies. */
export function isUnsetModel(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/** The model param in `value`, or a user error with the spec's text. */
export function parseModelParam(value: unknown): ModelParam {
  const parsed = parseJsonish(value);
  if (!parsed.ok || !isPlainObject(parsed.value)) throw userError(INVALID_MODEL_PARAM);
  const param = parsed.value;
  for (const key of REQUIRED) if (typeof param[key] !== 'string') throw userError(INVALID_MODEL_PARAM);
  if (!TYPES.includes(param.type as ModelType) || !String(param.model_name).trim() || !String(param.provider_name).trim()) {
    throw userError(INVALID_MODEL_PARAM);
  }
  const objectOf = (v: unknown) => (isPlainObject(v) ? v : undefined);
  return {
    type: param.type as ModelType,
    model_name: String(param.model_name).trim(),
    provider_name: String(param.provider_name).trim(),
    credential_name: String(param.credential_name).trim(),
    credentialId: typeof param.credentialId === 'string' ? param.credentialId.trim() : undefined,
    params: objectOf(param.params),
    additional_params: objectOf(param.additional_params),
  };
}

/** The credential a model param names (credentialId wins over credential_name), or the spec's error. */
export function credentialNameOf(param: ModelParam): string {
  const name = param.credentialId || param.credential_name;
  if (!name) throw userError(MISSING_CREDENTIAL_ID);
  return name;
}
