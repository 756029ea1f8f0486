/**
 * @module paths — the places of the house (the repository root, the builds in dist/, the test
 * artifacts, the machine's Chromium), computed once here from this file's own place. It is the
 * lowest layer (scripts/import-graph.test.ts): every folder may import it, and a module that
 * moves keeps naming the same places instead of counting `..` from where it used to be.
 */
import { join } from 'node:path';

export const repoRoot = import.meta.dirname;
export const distDir = join(repoRoot, 'dist');
/** the built studio (editor/build.ts) that the server serves */
export const editorDist = join(distDir, 'editor');
/** the built chat and search widgets (widgets/build.ts) that the server serves */
export const widgetsDist = join(distDir, 'widgets');
/** screenshots and traces of the browser tests */
export const testArtifacts = join(repoRoot, 'test-artifacts');
/** Debian's Chromium, which the browser tests and the editor bench drive */
export const CHROMIUM = '/usr/bin/chromium';
