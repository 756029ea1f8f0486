/**
 * @module catalogue/define-node — a node described once: its definition and its executor,
 * exported together from the node folder's `run.ts` (`export default defineNode(definition,
 * async (values, ctx) => …)`). The executor's `values` are typed from the definition and
 * arrive checked: after the runtime resolved the templates, `checkValues` coerced each to its
 * field's type, filled defaults, dropped hidden fields and refused bad ones.
 */
import type { NodeResult } from '../actors/types.ts';
import { userError } from './errors.ts';
import type { NodeValues } from './field-values.ts';
import type { CredentialTest } from './credential-test.ts';
import type { OptionLoader } from './option-loaders.ts';
import type { AnySourceReader } from './sync-reader.ts';
import type { DeclaredServices } from './services/index.ts';
import type { CatalogueNode, NodeContext, NodeDefinition, Unresolved } from './types.ts';
import { checkValues } from './values.ts';

/** The context of a node of definition `D`: `ctx.services` holds the services `D` declares. */
export type ContextOf<D extends NodeDefinition> = NodeContext<DeclaredServices<D>>;

/** `unresolved`: the placeholders that resolved to nothing (by field, and by path inside a list or object), for naming one in a failure */
export type NodeExecutor<D extends NodeDefinition> = (values: NodeValues<D>, ctx: ContextOf<D>, unresolved: Unresolved) => Promise<NodeResult>;

/** A node as its folder declares it: the catalogue entry and the server-side parts it owns, which catalogue/nodes.ts gathers for the runtime. */
export interface NodePackage extends CatalogueNode {
  /** "does this credential work?" for the credential types this node owns, by type (POST /api/testCreds/{type}) */
  credentialTests?: Readonly<Record<string, CredentialTest>>;
  /** the loaders of this node's dropdowns, by their `loadOptionsMethod` name (catalogue/option-loaders.ts) */
  loaders?: Readonly<Record<string, OptionLoader>>;
  /** a data-source node's sync reader (catalogue/sync-reader.ts) */
  syncReader?: AnySourceReader;
}

export interface NodeOptions {
  /**
   * A node whose spec answers bad values with an output rather than a failure (Wait: success
   * false; Chat Response: type error) turns the first problem's message into that output.
   * Without it, the node fails with a user error carrying the message. `field`: the field the
   * problem is about.
   */
  invalid?(message: string, ctx: NodeContext, field: string): NodeResult;
  /** the tests of the credential types this node owns, by type (catalogue/credential-test.ts); the runtime finds them through the catalogue list */
  credentialTests?: NodePackage['credentialTests'];
  /** its dropdowns' loaders, by `loadOptionsMethod` name; the runtime finds them through the catalogue list */
  loaders?: NodePackage['loaders'];
  /** a data-source node's sync reader; the embedded sync engine finds it through the catalogue list */
  syncReader?: NodePackage['syncReader'];
}

/** The catalogue entry: `run` takes resolved values, checks them, then calls `executor`. */
export function defineNode<const D extends NodeDefinition>(definition: D, executor: NodeExecutor<D>, options: NodeOptions = {}): NodePackage {
  return {
    definition,
    ...(options.credentialTests ? { credentialTests: options.credentialTests } : {}),
    ...(options.loaders ? { loaders: options.loaders } : {}),
    ...(options.syncReader ? { syncReader: options.syncReader } : {}),
    async run(resolved, ctx, unresolved) {
      const { values, problems } = checkValues(definition, resolved, { resolved: true, unresolved });
      if (problems.length) {
        if (options.invalid) return options.invalid(problems[0].message, ctx, problems[0].field);
        throw userError(problems[0].message);
      }
      // checkValues coerced every declared field to the type NodeValues<D> gives it; the runtime
      // put the services D declares into ctx.services (runtime/core/node-services.ts)
      return executor(values as NodeValues<D>, ctx as ContextOf<D>, unresolved ?? {});
    },
  };
}
