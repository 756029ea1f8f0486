/**
 * @module scripts/bench/peers/profile-summary — a V8 CPU profile (`node --cpu-prof`) as two short
 * tables: self time by source area (weft's folders, each dependency, Node's internals, GC,
 * idle) and the functions with the most self time.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function's code lives: a weft folder, a package, node's own, or V8's pseudo frames. */
function areaOf({ functionName, url }: ProfileNode['callFrame']): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const own = /\/(actors|runtime|catalogue|contract|scripts)\/([^/]+)/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url;
}

export function summariseProfile(profile: CpuProfile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const name = `${frame.functionName || '(anonymous)'} ${area}:${frame.lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const rows = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => `| ${name} | ${((100 * us) / total).toFixed(1)} % |`).join('\n');
  return `| area (self time) | share |\n| --- | ---: |\n${rows(areas)}\n\n| function (self time) | share |\n| --- | ---: |\n${rows(functions)}`;
}
