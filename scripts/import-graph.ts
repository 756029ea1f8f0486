/**
 * @module scripts/import-graph — the import graph of the source tree (every .ts/.tsx/.mjs under the
 * top folders, tests and harnesses included), read with TypeScript's `preProcessFile`: a lexer,
 * not the compiler, so it sees static imports, re-exports, `import type`, `import('…')` and
 * `require('…')` exactly, and the whole tree reads in well under a second. Relative specifiers
 * are resolved to files; packages are left out. `scripts/import-graph.test.ts` checks the
 * layer order and cycles on it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The top folders whose sources make the graph. */
export const TOP_FOLDERS = ['contract', 'actors', 'catalogue', 'runtime', 'widgets', 'editor', 'scripts'] as const;

const SOURCE = /\.(ts|tsx|mjs)$/;

export interface Edge {
  /** the importing file, relative to the root, with / */
  from: string;
  /** the specifier as written */
  specifier: string;
  /** the file it resolves to, relative to the root; null when no file matches */
  to: string | null;
}

export interface ImportGraph {
  files: string[];
  edges: Edge[];
}

function walk(dir: string, into: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, into);
    else if (SOURCE.test(entry.name)) into.push(path);
  }
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/** The file a relative specifier names, as the bundler and tsx find it (`.js` may name a `.ts`). */
function resolveRelative(fromFile: string, specifier: string): string | null {
  const base = resolve(dirname(fromFile), specifier.replace(/[?#].*$/, ''));
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.jsx$/, '.tsx'), `${base}.ts`, `${base}.tsx`, `${base}.mjs`, join(base, 'index.ts')];
  return candidates.find(isFile) ?? null;
}

/** Every relative specifier in `text`, in order. */
export function specifiersOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((file) => file.fileName).filter((name) => name.startsWith('./') || name.startsWith('../'));
}

/** The graph of the sources under `root`'s top folders and the .ts files at `root` itself. */
export function readImportGraph(root: string): ImportGraph {
  const paths: string[] = [];
  for (const folder of TOP_FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder), paths);
  for (const name of readdirSync(root)) if (SOURCE.test(name) && isFile(join(root, name))) paths.push(join(root, name));
  const rel = (path: string) => relative(root, path).split('\\').join('/');
  const edges: Edge[] = [];
  for (const path of paths) {
    for (const specifier of specifiersOf(readFileSync(path, 'utf8'))) {
      const target = resolveRelative(path, specifier);
      edges.push({ from: rel(path), specifier, to: target === null ? null : rel(target) });
    }
  }
  return { files: paths.map(rel).sort(), edges };
}

/** A file's top folder; files at the root count as `(root)`. */
export function topFolder(file: string): string {
  return file.includes('/') ? file.slice(0, file.indexOf('/')) : '(root)';
}

/**
 * The import cycles: one per strongly connected component of more than one file (or a file that
 * imports itself), each given as a shortest cycle through its first file, closed (`a → b → a`),
 * with the component's size.
 */
export function findCycles(graph: ImportGraph): Array<{ cycle: string[]; size: number }> {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of graph.edges) if (to !== null) (next.get(from) ?? next.set(from, new Set()).get(from)!).add(to);
  // Tarjan's algorithm, iterative so that a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; targets: string[]; at: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, targets: [...(next.get(node) ?? [])], at: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      work.pop();
      if (work.length > 0) low.set(work[work.length - 1].node, Math.min(low.get(work[work.length - 1].node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || next.get(frame.node)?.has(frame.node)) components.push(component.sort());
      }
    }
  }
  return components.map((members) => ({ cycle: shortestCycle(members[0], new Set(members), next), size: members.length }));
}

/** A shortest path from `start` back to itself inside `members` (breadth first). */
function shortestCycle(start: string, members: Set<string>, next: Map<string, Set<string>>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const target of [...(next.get(queue[i]) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at: string | undefined = queue[i]; at !== undefined && at !== start; at = cameFrom.get(at)) path.unshift(at);
        return [start, ...path];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, queue[i]);
        queue.push(target);
      }
    }
  }
  return [start];
}
