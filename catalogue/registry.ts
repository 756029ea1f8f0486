/**
 * @module catalogue/registry — the catalogue as the runtime uses it: checked once at start
 * (a bad definition throws, naming the problem), then looked up by node name.
 */
import type { NodeRole } from '../actors/types.ts';
import { definitionProblems } from './definition-checks.ts';
import { roleOfKind } from './roles.ts';
import type { CatalogueNode, NodeDefinition } from './types.ts';

export { handlesOf, INPUT_HANDLE, DEFAULT_OUTPUT_HANDLE } from './handles.ts';

export interface Registry {
  /** the node (definition and executor) of that name */
  get(name: string): CatalogueNode | undefined;
  has(name: string): boolean;
  /** every definition a builder may use: Disabled nodes left out (GET /api/catalogue) */
  list(): NodeDefinition[];
  /** the engine role of a node type; throws for a name the catalogue does not know */
  roleOf(name: string): NodeRole;
}

export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid node catalogue:\n- ${problems.join('\n- ')}`);
    this.name = 'CatalogueError';
  }
}

/** Throws a CatalogueError listing every problem when the definitions are not sound. */
export function assertDefinitions(definitions: NodeDefinition[]): void {
  const problems = definitionProblems(definitions);
  if (problems.length) throw new CatalogueError(problems);
}

export function createRegistry(nodes: CatalogueNode[]): Registry {
  assertDefinitions(nodes.map((n) => n.definition));
  const byName = new Map(nodes.map((n) => [n.definition.name, n]));
  return {
    get: (name) => byName.get(name),
    has: (name) => byName.has(name),
    list: () => nodes.map((n) => n.definition).filter((d) => d.status !== 'Disabled'),
    roleOf(name) {
      const node = byName.get(name);
      if (!node) throw new Error(`Unknown node type: ${name}`);
      return roleOfKind(node.definition.type);
    },
  };
}
