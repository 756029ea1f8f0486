/**
 * @module runtime/services/flows/catalogue-view — the node catalogue as flow checking and compiling
 * see it: definitions, roles, handles and value problems, without executors. Keeping
 * runtime/flows and the HTTP app on this small interface lets them be tested with any set of
 * definitions and keeps them from depending on how the catalogue is assembled.
 */
import type { NodeRole } from '../../../actors/types.ts';
import { handlesOf, type Registry } from '../../../catalogue/registry.ts';
import type { NodeDefinition } from '../../../catalogue/types.ts';
import { validateValues } from '../../../catalogue/values.ts';

export interface CatalogueView {
  /** the definition of that name, whatever its status (a stored flow may use a Disabled node) */
  get(name: string): NodeDefinition | undefined;
  /** the definitions a builder may use: Disabled ones left out (GET /api/catalogue) */
  list(): NodeDefinition[];
  /** the engine role of a node type the catalogue knows (throws for an unknown one) */
  roleOf(name: string): NodeRole;
  /** output handles of one node instance; the input handle is always 'in' */
  handlesOf(definition: NodeDefinition, values: Record<string, unknown>): string[];
  /** what makes these values unrunnable, by field; empty when they are fine */
  validateValues(definition: NodeDefinition, values: Record<string, unknown>): { field: string; message: string }[];
}

/** The view of the server-side registry (catalogue/nodes.ts `registry`). */
export function catalogueView(registry: Registry): CatalogueView {
  return {
    get: (name) => registry.get(name)?.definition,
    list: () => registry.list(),
    roleOf: (name) => registry.roleOf(name),
    handlesOf: (definition, values) => handlesOf(definition, values),
    validateValues: (definition, values) => validateValues(definition, values),
  };
}
