/**
 * @module catalogue/ai/classifier-node/run — the model answers `{"class": "<label>"}`
 * (catalogue/ai/pick-one.ts: matched loosely, sent back when it is no class). The chosen
 * label is the route, as a condition node's is.
 */
import { defineNode } from '../../define-node.ts';
import { branchHandles } from '../../field-shapes.ts';
import { buildMessages } from '../chat-input.ts';
import { pickOne } from '../pick-one.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  const classes = branchHandles(values.classifier);
  const { name, meta } = await pickOne(ctx, values.generativeModelName, buildMessages({ prompts: values.prompts }), {
    names: classes,
    key: 'class',
    instructions: `Classify into exactly one of these classes: ${JSON.stringify(classes)}. Answer with a JSON object {"class": "<one of the classes>"} and nothing else.`,
    what: 'one of the classes',
    failure: 'The model did not answer with one of the classes',
  });
  return { output: { class: name, condition: name, _meta: meta }, route: [name] };
});
