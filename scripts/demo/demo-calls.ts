/**
 * @module scripts/demo/demo-calls — how each demo flow is called: its route (from its trigger)
 * and its example body, kept in its `*.flow.json`; the curl line `npm start` and `npm run demo --
 * list` print for it. docs/demo-flows.md's table is made from them (checked by demo-calls.test.ts).
 */
import { demoFlows, type DemoFlow } from './seed.ts';

/** The route a flow of this trigger is called at (the demo's triggers only). */
const routes: Record<string, (flowId: string) => string> = {
  webhookTriggerNode: (flowId) => `/hook/${flowId}`,
  chatTriggerNode: (flowId) => `/widgets/chat/${flowId}/messages`,
};

export interface DemoCall {
  name: string;
  /** the path to POST `body` to */
  path(flowId: string): string;
  body: unknown;
  /** what it answers, as the docs say it */
  answers: string;
}

export function demoCall(flow: DemoFlow): DemoCall {
  const trigger = flow.nodes.find((node) => node.type in routes);
  if (!trigger) throw new Error(`demo flow ${flow.name}: no webhook or chat trigger`);
  return { name: flow.name, path: routes[trigger.type], body: flow.example.body, answers: flow.example.answers };
}

/** A word as a POSIX shell reads it back: single-quoted, a `'` in it as `'\''`. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** The line to paste into a terminal: the call of `call` on the flow `flowId` of the weft at `base`. */
export function curlLine(base: string, flowId: string, call: DemoCall): string {
  return `curl -X POST ${quoted(`${base}${call.path(flowId)}`)} -H 'content-type: application/json' -d ${quoted(JSON.stringify(call.body))}`;
}

/**
 * What `npm start` (first start) and `npm run demo -- list` print: for each demo flow found in
 * `ids` (its id by name), its name, then its curl line. Flows not in `ids` (renamed, deleted) are left out.
 */
export function demoCallLines(base: string, ids: Record<string, string>, flows: DemoFlow[] = demoFlows()): string[] {
  return flows.filter((flow) => ids[flow.name]).flatMap((flow) => [`# ${flow.name}`, curlLine(base, ids[flow.name], demoCall(flow))]);
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** docs/demo-flows.md's table: each demo flow, where to send what, and what it answers. */
export function demoCallsTable(flows: DemoFlow[] = demoFlows()): string {
  const rows = flows.map(demoCall).map((call) =>
    `| ${cell(call.name)} | \`POST ${call.path('<flowId>')}\` | \`${cell(JSON.stringify(call.body))}\` | ${cell(call.answers)} |`,
  );
  return ['| demo flow | call | body | answers |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
