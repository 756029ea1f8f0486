/**
 * @module scripts/fuzz/node-sweep — every node of the catalogue, each field in turn set to every
 * bad value of bad-inputs.ts (the other fields left to their defaults), run as the runtime runs
 * it (`node.run`: checked, then the executor). Each run must end with an output or a NodeError
 * (a user, operational or timeout fault the run reports); anything else (a TypeError, a hang
 * past the bound, a polluted Object.prototype) is a failure. Nothing leaves the machine: the
 * context's HTTP client refuses every call, services and credentials are absent.
 */
import { isNodeError, userError } from '../../catalogue/errors.ts';
import { nodes } from '../../catalogue/nodes.ts';
import { declaredServices } from '../../catalogue/services/declared.ts';
import type { NodeServices } from '../../catalogue/services/index.ts';
import { testContext } from '../../catalogue/testing/node-harness.ts';
import type { CatalogueNode } from '../../catalogue/types.ts';
import { badValues } from './bad-inputs.ts';
import type { SweepReport } from './route-sweep.ts';

const BOUND_MS = 5_000;

/** as the runner builds it for a process without services: a declared one read fails the node */
function context(node: CatalogueNode) {
  const refused = async () => {
    throw userError('the bad-input sweep sends nothing');
  };
  // every declared name is there, and reading it fails the node as the runner's would
  const services = declaredServices(node.definition.services, () => undefined) as NodeServices;
  return testContext({ http: { request: refused }, signal: AbortSignal.timeout(BOUND_MS), services });
}

async function runOnce(node: CatalogueNode, values: Record<string, unknown>): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'hung'>((ok) => (timer = setTimeout(() => ok('hung'), BOUND_MS + 1_000)));
  try {
    const outcome = await Promise.race([node.run(values, context(node)).then(() => 'ok' as const), bound]);
    return outcome === 'hung' ? `did not end within ${BOUND_MS / 1000 + 1} s` : null;
  } catch (error) {
    return isNodeError(error) ? null : `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.slice(0, 300);
  } finally {
    clearTimeout(timer);
  }
}

export async function sweepNodes(options: { values?: number; only?: (node: CatalogueNode) => boolean } = {}): Promise<SweepReport> {
  const report: SweepReport = { tried: new Map(), failures: [] };
  const values = badValues.slice(0, options.values ?? badValues.length);
  for (const node of nodes.filter(options.only ?? (() => true))) {
    const where = node.definition.name;
    for (const field of node.definition.inputs) {
      for (const [input, value] of values) {
        report.tried.set(where, (report.tried.get(where) ?? 0) + 1);
        const problem = await runOnce(node, { [field.name]: value });
        if (problem) report.failures.push({ where: `${where}.${field.name}`, input, problem });
        if (({} as Record<string, unknown>).polluted !== undefined) report.failures.push({ where: `${where}.${field.name}`, input, problem: 'Object.prototype was polluted' });
      }
    }
  }
  return report;
}
