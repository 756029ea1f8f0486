/**
 * @module catalogue/node-step — one node's step as every runner takes it, the engine's node
 * runner (runtime/core/node-runner.ts) and the node test harness (testing/node-harness.ts) alike:
 * resolve its templates, refuse the pro-only fields a starter-plan project uses, then run it
 * with every secret it read redacted from what it hands back (output, error, progress).
 */
import type { NodeResult } from '../actors/types.ts';
import { userError } from './errors.ts';
import { proFeaturesRefused, proFieldsUsed } from './pro-fields.ts';
import { SecretRedactor } from './secrets/redact.ts';
import { resolveValues } from './template.ts';
import type { CatalogueNode, NodeContext, NodeDefinition, Unresolved, Values } from './types.ts';

export interface ResolveScope {
  /** the outputs the values may read, by node id */
  outputs: Record<string, unknown>;
  /** the id `{{trigger.…}}` names */
  triggerId: string;
  /** whether the project is on the starter plan (asked only when the node uses a pro-only field); absent: never */
  isStarterPlan?: () => Promise<boolean>;
}

export interface ResolvedValues {
  values: Values;
  unresolved: Unresolved;
}

/**
 * The values the node's `run` checks (defineNode): templates resolved against `scope`. A flow
 * saved before its organisation moved to the starter plan may still hold pro-only fields: a
 * user error naming them.
 */
export async function resolveStep(definition: NodeDefinition, raw: Values, scope: ResolveScope): Promise<ResolvedValues> {
  const resolved = resolveValues(definition, raw, { outputs: scope.outputs, triggerId: scope.triggerId });
  const pro = scope.isStarterPlan ? proFieldsUsed(definition, resolved.values) : [];
  if (pro.length && (await scope.isStarterPlan!())) throw userError(proFeaturesRefused(pro.map((f) => f.label)));
  return resolved;
}

/**
 * Run the node with the context `contextFor` builds around a fresh redactor (its credential
 * reader adds each secret read to it; `redactedProgress` masks progress): what comes back out,
 * output or error, has every secret replaced by '••••'.
 */
export async function runStep(node: CatalogueNode, resolved: ResolvedValues, contextFor: (redactor: SecretRedactor) => NodeContext): Promise<NodeResult> {
  const redactor = new SecretRedactor();
  const context = contextFor(redactor);
  try {
    const result = await node.run(resolved.values, context, resolved.unresolved);
    return redactor.active ? { ...result, output: redactor.value(result.output) } : result;
  } catch (error) {
    throw redactor.error(error);
  }
}

/** `progress` with the secrets the redactor knows masked in its message and streamed text. */
export function redactedProgress(redactor: SecretRedactor, progress: NodeContext['progress']): NodeContext['progress'] {
  return (message, detail) => progress(redactor.text(message), detail && { ...detail, ...(detail.text ? { text: redactor.text(detail.text) } : {}) });
}
