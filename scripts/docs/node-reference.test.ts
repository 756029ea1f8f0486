/**
 * docs/nodes.md is what `npm run docs:nodes` writes from the catalogue now; and the reference
 * is made from the definitions alone (the list's order does not change it).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodes } from '../../catalogue/nodes.ts';
import { createRegistry } from '../../catalogue/registry.ts';
import { currentNodeReference, NODE_REFERENCE, NODE_REFERENCE_COMMAND, nodeReference } from './node-reference.ts';

describe('the node reference', () => {
  it('is committed as the script writes it now', () => {
    const committed = readFileSync(NODE_REFERENCE, 'utf8');
    expect(committed === currentNodeReference(), `docs/nodes.md is out of date with the node definitions: run ${NODE_REFERENCE_COMMAND} and commit it`).toBe(true);
  });

  it('lists every node a builder may use, in an order of its own', () => {
    const definitions = createRegistry(nodes).list();
    const text = nodeReference(definitions);
    for (const d of definitions) expect(text).toContain(`<a id="${d.name}"></a>\n\n### ${d.label}\n`);
    expect(nodeReference([...definitions].reverse())).toBe(text);
    // a description's HTML is text on the docs site (the chat trigger's names a script tag)
    expect(text).not.toMatch(/<script/);
  });
});
