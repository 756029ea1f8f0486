/**
 * @module scripts/bench/peers/node-red — Node-RED, pinned, installed with npm into a folder under
 * the OS temp dir (kept between runs, one per version; never the project's dependencies), running
 * the peers' job (http in → function → http response) on a free loopback port, editor off.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../actors/redis-server.ts';
import { atStop, spawnGroup, waitUntil } from './processes.ts';

/** The newest 4.1.x on the npm registry when this bench was written. */
export const NODE_RED_VERSION = '4.1.8';

/** Install once per version; a folder whose install did not finish has no `installed` mark and is installed again. */
function install(version: string): string {
  const dir = join(tmpdir(), `weft-bench-node-red-${version}`);
  const mark = join(dir, 'installed');
  if (existsSync(mark)) return dir;
  mkdirSync(dir, { recursive: true });
  console.log(`installing node-red@${version} into ${dir} (once)…`);
  execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--omit=dev', `node-red@${version}`], { stdio: ['ignore', 'ignore', 'inherit'] });
  writeFileSync(mark, `node-red@${version}\n`);
  return dir;
}

const flows = [
  { id: 'peers_tab', type: 'tab', label: 'peers bench' },
  { id: 'peers_in', type: 'http in', z: 'peers_tab', url: '/greet', method: 'post', wires: [['peers_greet']] },
  {
    id: 'peers_greet', type: 'function', z: 'peers_tab', outputs: 1,
    func: 'msg.payload = { greeting: "hello " + msg.payload.name };\nmsg.headers = { "content-type": "application/json" };\nreturn msg;',
    wires: [['peers_out']],
  },
  { id: 'peers_out', type: 'http response', z: 'peers_tab', statusCode: '200', headers: {}, wires: [] },
];

function settings(port: number, userDir: string): string {
  return `module.exports = ${JSON.stringify({
    uiHost: '127.0.0.1',
    uiPort: port,
    userDir,
    flowFile: join(userDir, 'flows.json'),
    httpAdminRoot: false, // no editor, no admin API
    httpNodeRoot: '/',
    credentialSecret: false,
    logging: { console: { level: 'warn', metrics: false, audit: false } },
    diagnostics: { enabled: false },
    telemetry: { enabled: false, updateNotification: false },
    externalModules: { autoInstall: false, palette: { allowInstall: false }, modules: { allowInstall: false } },
  }, null, 2)};\n`;
}

export interface RunningNodeRed {
  url: string;
  version: string;
  process: ChildProcess;
}

/** Install if needed, write the flow and settings into a fresh temp dir (deleted by stopAll), start, resolve once the webhook answers. */
export async function startNodeRed(version = NODE_RED_VERSION): Promise<RunningNodeRed> {
  const installed = install(version);
  const userDir = mkdtempSync(join(tmpdir(), 'weft-bench-node-red-run-'));
  atStop(() => rmSync(userDir, { recursive: true, force: true }));
  const port = await freePort();
  writeFileSync(join(userDir, 'flows.json'), JSON.stringify(flows, null, 2));
  writeFileSync(join(userDir, 'settings.js'), settings(port, userDir));
  const red = join(installed, 'node_modules', 'node-red', 'red.js');
  const child = spawnGroup(process.execPath, [red, '--settings', join(userDir, 'settings.js'), '--userDir', userDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}/greet`;
  const answers = async () => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status !== 404;
  await waitUntil(`Node-RED ${version}`, answers, child);
  return { url, version, process: child };
}
