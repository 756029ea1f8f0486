/**
 * @module editor/forms/fields/model-hint — what an empty model field means for a run: the
 * project's default model of its kind, named; or, when the project has none, that a run would
 * fail ('Default model not found!') unless a model is picked.
 */
import type { InputField } from '../../../catalogue/types.ts';
import type { DefaultModelKey, DefaultModels } from '../../../contract/models.ts';
import { isEmptyValue } from '../../../catalogue/coerce.ts';

const KEY: Record<NonNullable<InputField['modelType']>, DefaultModelKey> = { text: 'text_model', embedding: 'embedding_model', image: 'image_model' };

interface Props {
  modelType: NonNullable<InputField['modelType']>;
  value: unknown;
  /** undefined while loading */
  defaults: DefaultModels | null | undefined;
}

export function ModelHint({ modelType, value, defaults }: Props) {
  if (!isEmptyValue(value) || defaults === undefined) return null;
  const model = defaults?.[KEY[modelType]];
  if (model) {
    return (
      <p className="field-hint" data-testid="model-hint">
        Empty: runs use the project's default {modelType} model, <code>{model.model_name}</code> ({model.provider_name}).
      </p>
    );
  }
  return (
    <p className="field-hint field-hint--warn" data-testid="model-hint">
      Required: pick a model. This project has no default {modelType} model, so a run would fail with 'Default model not found!' (set one on
      the project's Models page, or fill this field).
    </p>
  );
}
