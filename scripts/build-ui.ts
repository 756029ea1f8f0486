/**
 * @module scripts/build-ui — the editor and widget builds when stale, for `npm start`, which runs
 * this in a process of its own: Vite's few hundred MB then leave with that process instead of
 * staying in the server's.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { buildEditorIfStale, editorStale } from '../editor/build.ts';
import { buildWidgetsIfStale, widgetsStale } from '../widgets/build.ts';

/** Build what is stale in a child process (nothing to do: no process at all); throws when the build fails. */
export function buildUiIfStale(): void {
  if (!editorStale() && !widgetsStale()) return;
  const built = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error(`the editor or widget build failed (exit ${built.status ?? built.signal})`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  await buildEditorIfStale();
  await buildWidgetsIfStale();
}
