/**
 * @module scripts/flow-tests/cli — `npm run flow-tests -- <project or flow id> [--version n]
 * [--url u] [--api-key k] [--junit file]` against a running weft (WEFT_URL and WEFT_API_KEY
 * otherwise): runs the suite of the flow, or of every flow of the project that has cases, prints
 * a table, writes JUnit XML when asked, and resolves to the exit status (1 when a case fails).
 */
import { writeFile } from 'node:fs/promises';
import type { SuiteRun } from '../../contract/flow-tests.ts';
import { junitXml } from './junit.ts';

export interface CliIo {
  env: Record<string, string | undefined>;
  print(line: string): void;
}

function argsOf(argv: string[]) {
  const options: Record<string, string> = {};
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) options[arg.slice(2)] = argv[++i] ?? '';
    else positional.push(arg);
  }
  return { target: positional[0], options };
}

export async function flowTestsCli(argv: string[], io: CliIo): Promise<number> {
  const { target, options } = argsOf(argv);
  const url = (options.url ?? io.env.WEFT_URL ?? '').replace(/\/$/, '');
  const key = options['api-key'] ?? io.env.WEFT_API_KEY ?? '';
  if (!target || !url || !key) {
    io.print('usage: npm run flow-tests -- <project or flow id> [--version n] [--url URL] [--api-key KEY] [--junit file]   (or WEFT_URL, WEFT_API_KEY)');
    return 2;
  }
  const version = options.version === undefined ? undefined : Number(options.version);
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const flows = target.startsWith('flow_')
    ? [{ flowId: target, name: target }]
    : await call<{ flowId: string; name: string }[]>('GET', `/api/projects/${target}/tests`);
  const runs: { flowName: string; suite: SuiteRun }[] = [];
  for (const flow of flows) {
    const { suiteRunId } = await call<{ suiteRunId: string }>('POST', `/api/flows/${flow.flowId}/tests/run`, version === undefined ? {} : { version });
    let suite = await call<SuiteRun>('GET', `/api/flows/${flow.flowId}/tests/runs/${suiteRunId}`);
    while (suite.status !== 'completed') {
      await new Promise((ok) => setTimeout(ok, 250));
      suite = await call<SuiteRun>('GET', `/api/flows/${flow.flowId}/tests/runs/${suiteRunId}`);
    }
    runs.push({ flowName: flow.name, suite });
  }
  io.print(['flow', 'case', 'status', 'checks'].join('\t'));
  for (const { flowName, suite } of runs) {
    for (const c of suite.cases) io.print([flowName, c.name, c.status, `${c.checks.filter((k) => k.passed).length}/${c.checks.length}${c.error ? ` (${c.error})` : ''}`].join('\t'));
  }
  const failed = runs.reduce((n, r) => n + r.suite.failed, 0);
  const total = runs.reduce((n, r) => n + r.suite.total, 0);
  io.print(`${total - failed} of ${total} cases passed`);
  if (options.junit) await writeFile(options.junit, junitXml(runs));
  return failed > 0 ? 1 : 0;
}
