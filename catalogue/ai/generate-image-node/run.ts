/** @module catalogue/ai/generate-image-node/run — the first image and its revised prompt; model failures as 'ERROR in running imageGenNode: …'. */
import { defineNode } from '../../define-node.ts';
import { CALLING_LLM, LLM_RESPONSE_RECEIVED } from '../llm-call.ts';
import { IMAGE_GEN_NODE, runningError } from '../node-errors.ts';
import { definition } from './definition.ts';

export default defineNode(definition, async (values, ctx) => {
  await ctx.progress(CALLING_LLM);
  const reply = await ctx.services.models
    .image(values.imageGenModelName, { prompt: values.prompts.trim(), size: values.size, signal: ctx.signal })
    .catch((error: unknown) => {
      throw runningError(IMAGE_GEN_NODE, error);
    });
  await ctx.progress(LLM_RESPONSE_RECEIVED);
  const [first] = reply.images;
  return { output: { imageUrl: first.url, revised_prompt: first.revised_prompt, _meta: reply.meta } };
});
