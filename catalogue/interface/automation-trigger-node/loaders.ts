/** @module catalogue/interface/automation-trigger-node/loaders — the Workflow dropdown: the n8n workflows that call weft ([] when they cannot be listed). */
import type { OptionLoader } from '../../option-loaders.ts';
import { automationCredentialOf, weftWorkflows } from './n8n-workflows.ts';

export const automationWorkflows: OptionLoader = async (input, ctx) => {
  if (typeof input.credentials !== 'string' || !input.credentials) return [];
  try {
    const credential = automationCredentialOf(await ctx.credentials.get(input.credentials));
    return (await weftWorkflows(ctx.http, credential)).map((w) => ({ label: w.name || w.id, value: w.id }));
  } catch {
    return [];
  }
};
