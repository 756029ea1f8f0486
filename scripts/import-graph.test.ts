/**
 * The import graph of the whole source tree (scripts/import-graph.ts: every .ts/.tsx/.mjs under
 * the top folders, tests and test harnesses included; static imports, re-exports, `import type`,
 * `import('…')`) has no import that runs back up and no cycle. A failure names each offending
 * import (file → specifier) or each cycle's files.
 *
 * The layer order, lowest first; a folder may import its own files and those of lower layers only:
 *
 *   (root)     paths.ts: the repo's places (dist/editor, dist/widgets, …), computed once from the
 *              root, so that every side may name them and moving a file cannot break them
 *   contract   the wire types; the ground floor every side may import (contract/imports.test.ts)
 *   actors     the Redis actor engine: plans, mailboxes, node results and roles. It knows no node
 *              kind (0 imports of catalogue/), and the catalogue builds on its NodeResult and
 *              NodeRole, so it sits below the catalogue
 *   catalogue  the nodes, their definitions, credentials and values
 *   runtime    the server: the node runner, calls, stores, services, integrations, HTTP
 *   widgets    the chat and search widgets: browser bundles on contract/; their e2e tests
 *              boot the runtime, which serves their build
 *   editor     the studio: a browser bundle on contract/ and catalogue/, whose e2e tests boot the
 *              runtime. It embeds widgets/: the chat pane and the search pane preview exactly
 *              what the chat and search widgets render (the same markdown view, question
 *              scrolling and result arrangement), so the studio bundles the widgets' view
 *              modules rather than a copy, and widgets/ never reaches into the editor
 *   scripts    the commands, builds, benchmarks, chaos and test setup: the top; nothing imports it
 *
 * Inside runtime/ the same rule holds between its layer folders, lowest first (RUNTIME_LAYERS):
 *
 *   services      the data and the world, each on its own: the domain errors, stores, flows
 *                 (documents, compiling, deployments), usage and plans, auth, secrets, run logs,
 *                 outbound, models, vectors, SMTP, Postgres, the MCP client, credential tests
 *   core          what runs a flow on them: the node runner and the production call
 *   integrations  the systems weft speaks with: OAuth, Teams, the tool service, sync, GraphQL,
 *                 MCP, the widgets, n8n import
 *   http          every router and the webhook endpoint
 *   (the root)    runtime/'s own files and test kit: config.ts (the one reader of process.env),
 *                 server.ts (which only composes), testing/ and the whole-server tests; a test
 *                 or test harness in any layer may boot the whole server through them
 *
 * The rule is on once runtime/ is split by layer (RUNTIME_LAYERS not empty: the layering script
 * sets it as it moves the folders).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, readImportGraph, topFolder, type Edge } from './import-graph.ts';

const LAYERS = ['(root)', 'contract', 'actors', 'catalogue', 'runtime', 'widgets', 'editor', 'scripts'];
const RUNTIME_LAYERS: string[] = ['services', 'core', 'integrations', 'http'];

const root = resolve(import.meta.dirname, '..');
const graph = readImportGraph(root);

const rank = (file: string) => LAYERS.indexOf(topFolder(file));
const named = (edge: Edge) => `${edge.from} → ${edge.specifier}`;
const upwardEdges = graph.edges.filter((edge) => edge.to !== null && rank(edge.to) > rank(edge.from));
/** each import that runs back up: `file → specifier (the file it names)` */
const upward = upwardEdges.map((edge) => `${named(edge)} (${edge.to})`);
/** each cycle: a shortest closed path through it, and its size when the cycle holds more files */
const cycles = findCycles(graph).map(({ cycle, size }) => `${cycle.join(' → ')}${size > cycle.length - 1 ? ` (${size} files in the cycle)` : ''}`);

describe('the import graph', () => {
  it('reads the whole tree', () => {
    expect(graph.files.length).toBeGreaterThan(500);
    for (const folder of LAYERS.slice(1)) expect(graph.files.some((file) => topFolder(file) === folder)).toBe(true);
  });

  it('resolves every relative import to a file', () => {
    expect(graph.edges.filter((edge) => edge.to === null).map(named)).toEqual([]);
  });

  it('has no import that runs back up between top folders', () => {
    expect(upward).toEqual([]);
  });

  it.runIf(RUNTIME_LAYERS.length > 0)('has no import that runs back up between the layers of runtime/', () => {
    const layerOf = (file: string) => {
      const index = RUNTIME_LAYERS.indexOf(file.split('/')[1]);
      return index === -1 || !file.slice('runtime/'.length).includes('/') ? RUNTIME_LAYERS.length : index;
    };
    const inRuntime = graph.edges.filter((edge) => edge.to !== null && topFolder(edge.from) === 'runtime' && topFolder(edge.to) === 'runtime');
    const bootsTheServer = (edge: Edge) => /(\.test\.tsx?|\/testing\/.*)$/.test(edge.from) && layerOf(edge.to!) === RUNTIME_LAYERS.length && edge.to !== 'runtime/config.ts';
    const upwardInRuntime = inRuntime.filter((edge) => layerOf(edge.to!) > layerOf(edge.from) && !bootsTheServer(edge)).map((edge) => `${named(edge)} (${edge.from.split('/')[1]} → ${edge.to!.split('/')[1]})`);
    expect(upwardInRuntime).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles).toEqual([]);
  });
});
