/**
 * @module catalogue/ai/node-errors — the spec's 'ERROR in running <node>: <message>' texts
 * (000 §8, 002 §8), with the node names exactly as the spec spells them. The wrapped error's
 * kind is kept: a bad input stays the user's, a failing service stays passing.
 */
import type { NodeOptions } from '../define-node.ts';
import { isNodeError, NodeError, userError } from '../errors.ts';

export const SEARCH_NODE = 'Search Node';
export const HYBRID_SEARCH_NODE = 'hybrid Search Node';
export const MULTI_MODAL_NODE = 'multiModalLLM Node';
export const IMAGE_GEN_NODE = 'imageGenNode';

export const runningError = (node: string, error: unknown) =>
  new NodeError(`ERROR in running ${node}: ${error instanceof Error ? error.message : String(error)}`, isNodeError(error) ? error.kind : 'operational', { cause: error });

/** spec 000 §8 and 002 §8, in the spec's spelling: a search node run without data to search for */
export const SEARCH_FAILURE = 'Faliure in executing the Search Node, Please try again';

/**
 * The search nodes' options: a search query that resolved to nothing (the data is null) fails
 * with SEARCH_FAILURE followed by the reason naming the placeholder; any other bad value fails
 * with its own message. The studio's form checks keep 'Search query is required'.
 */
export const searchNodeOptions: NodeOptions = {
  invalid(message, _ctx, field) {
    throw userError(field === 'searchQuery' ? `${SEARCH_FAILURE}: ${message}` : message);
  },
};
