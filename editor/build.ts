/** @module editor/build — build the editor with Vite when dist/editor is missing or older than its sources. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { editorDist, repoRoot as root } from '../paths.ts';

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

const config = join(root, 'editor', 'vite.config.ts');

/** Whether dist/editor is missing or older than its sources. */
export function editorStale(): boolean {
  if (!existsSync(config)) return false;
  const index = join(editorDist, 'index.html');
  const sources = Math.max(...['editor', 'catalogue', 'contract'].map((dir) => newest(join(root, dir))));
  return !existsSync(index) || statSync(index).mtimeMs < sources;
}

export async function buildEditorIfStale(): Promise<void> {
  if (!editorStale()) return;
  console.log('building the editor…');
  const { build } = await import('vite');
  await build({ configFile: config, logLevel: 'warn' });
}
