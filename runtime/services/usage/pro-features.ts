/**
 * @module runtime/services/usage/pro-features — a starter-plan project may not use pro-only fields
 * (catalogue/pro-fields.ts): saving or deploying a flow that uses one answers 403
 * `pro_required`, naming each node and field. (Running one is refused by the node runner.)
 */
import { proFeaturesRefused, proFieldsUsed } from '../../../catalogue/pro-fields.ts';
import type { CatalogueView } from '../flows/catalogue-view.ts';
import type { FlowNode } from '../../../contract/flow-document.ts';
import { ForbiddenError } from '../domain-errors.ts';
import type { PlanOf } from './plan-of.ts';
import { STARTER_PLAN } from './plans.ts';

/** `<node id>: <field label>` for every pro field the nodes use. */
export function proFieldUses(nodes: FlowNode[], catalogue: CatalogueView): string[] {
  return nodes.flatMap((node) => {
    const definition = catalogue.get(node.type);
    return definition ? proFieldsUsed(definition, node.values).map((field) => `${node.id}: ${field.label}`) : [];
  });
}

/** Throws a ForbiddenError ('pro_required', 403) when a starter-plan project's flow uses a pro field. */
export async function requirePlanForProFields(nodes: FlowNode[], projectId: string, catalogue: CatalogueView, planOf: PlanOf): Promise<void> {
  const uses = proFieldUses(nodes, catalogue);
  if (uses.length === 0 || (await planOf(projectId)) !== STARTER_PLAN) return;
  throw new ForbiddenError(proFeaturesRefused(uses), 'pro_required', { details: uses });
}
