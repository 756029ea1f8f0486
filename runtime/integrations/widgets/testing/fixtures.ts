/**
 * @module runtime/integrations/widgets/testing/fixtures — flows the widget tests deploy, and a test node
 * that streams text the way AI nodes do (progress events with `text`), so the streaming path
 * is exercised end to end before any AI node exists.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { CatalogueNode } from '../../../../catalogue/types.ts';
import type { TestWeft } from '../../../testing/test-weft.ts';

/** Streams `words` one by one, `delayMs` apart, as progress text; outputs them joined. */
export const streamTestNode: CatalogueNode = {
  definition: {
    name: 'streamTestNode',
    label: 'Stream (test)',
    type: 'dynamicNode',
    category: 'Logic',
    status: 'Enabled',
    description: 'Test only: streams words as generated text.',
    icon: 'code',
    docs: '/docs/nodes/streamTestNode',
    inputs: [
      { name: 'words', label: 'Words', type: 'list', defaultValue: [] },
      { name: 'delayMs', label: 'Delay', type: 'number', defaultValue: 100 },
    ],
    outputs: [{ name: 'text', type: 'string' }],
  },
  async run(values, ctx) {
    const words = (values.words as string[]).map((word, i) => (i === 0 ? word : ` ${word}`));
    for (const chunk of words) {
      await sleep(Number(values.delayMs));
      await ctx.progress('', { text: chunk });
    }
    return { output: { text: words.join('') } };
  },
};

const at = (x: number) => ({ x, y: 0 });

/** chat trigger → stream words (`delayMs` apart) → chat response (content, references) */
export function streamingChatFlow(chatConfig: Record<string, unknown> = {}, words = ['Tea', 'and', 'cake', 'are', 'served', 'daily.'], delayMs = 150) {
  return {
    name: 'Streaming chat',
    nodes: [
      { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at(0), values: chatConfig },
      { id: 'stream_1', type: 'streamTestNode', position: at(300), values: { words, delayMs } },
      {
        id: 'chatResponse_1',
        type: 'chatResponseNode',
        position: at(600),
        values: { content: '{{stream_1.output.text}}', references: '[{"title": "Menu", "url": "https://cafe.example/menu"}]' },
      },
    ],
    edges: [
      { id: 'c1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'stream_1', targetHandle: 'in' },
      { id: 'c2', source: 'stream_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
    ],
  };
}

/** chat trigger → chat response that echoes the message and how many earlier messages it got */
export function echoChatFlow(values: Record<string, unknown> = {}, responseValues: Record<string, unknown> = {}) {
  return {
    name: 'Echo chat',
    nodes: [
      { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at(0), values },
      {
        id: 'history_1',
        type: 'codeNode',
        position: at(300),
        values: { code: 'return { count: input.chatHistory.length, last: input.chatHistory.at(-1)?.content ?? "" };' },
      },
      {
        id: 'chatResponse_1',
        type: 'chatResponseNode',
        position: at(600),
        values: { content: 'You said: {{trigger.output.chatMessage}} ({{history_1.output.count}} earlier; last: {{history_1.output.last}})', ...responseValues },
      },
    ],
    edges: [
      { id: 'e1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'history_1', targetHandle: 'in' },
      { id: 'e2', source: 'history_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
    ],
  };
}

/** chat trigger → a code node that throws → chat response: every run fails */
export function failingChatFlow(values: Record<string, unknown> = {}) {
  return {
    name: 'Failing chat',
    nodes: [
      { id: 'chatTrigger_1', type: 'chatTriggerNode', position: at(0), values },
      { id: 'broken_1', type: 'codeNode', position: at(300), values: { code: 'throw new Error("the model is down")' } },
      { id: 'chatResponse_1', type: 'chatResponseNode', position: at(600), values: { content: '{{broken_1.output}}' } },
    ],
    edges: [
      { id: 'f1', source: 'chatTrigger_1', sourceHandle: 'out', target: 'broken_1', targetHandle: 'in' },
      { id: 'f2', source: 'broken_1', sourceHandle: 'out', target: 'chatResponse_1', targetHandle: 'in' },
    ],
  };
}

/** The documents the search flow searches (a code node filters them by the query). */
export const searchDocs = [
  { title: 'Refund policy', link: 'https://help.example/refunds', tab: 'Help', group: 'Policies', text: 'Money back within 14 days of delivery.', crumbs: ['Help', 'Orders'] },
  { title: 'Returns and refunds form', link: 'https://help.example/returns', tab: 'Help', group: 'Forms', text: 'Send an item back and get a refund.', crumbs: ['Help', 'Forms'] },
  { title: 'Refunds API', link: 'https://dev.example/refunds', tab: 'Developers', group: 'API', text: 'POST /refunds creates a refund.', crumbs: ['API', 'Payments'] },
  { title: 'Why refunds take time', link: 'https://blog.example/refunds', tab: '', group: '', text: 'Banks need a few days for a refund.', crumbs: [] },
  { title: 'Shipping times', link: 'https://help.example/shipping', tab: 'Help', group: 'Policies', text: 'Orders ship in two days.', crumbs: ['Help', 'Orders'] },
];

/** search trigger → code (filter searchDocs by the query, into lists) → search response */
export function searchFlow(config: Record<string, unknown> = {}, grouping = false) {
  const code =
    `const docs = ${JSON.stringify(searchDocs)};\n` +
    'const q = String(input.searchQuery).toLowerCase();\n' +
    'const hits = docs.filter((d) => (d.title + " " + d.text).toLowerCase().includes(q));\n' +
    'return { titles: hits.map((d) => d.title), links: hits.map((d) => d.link), tabs: hits.map((d) => d.tab),\n' +
    '  groups: hits.map((d) => d.group), texts: hits.map((d) => d.text), crumbs: hits.map((d) => d.crumbs) };';
  const field = (name: string) => `{{find_1.output.${name}}}`;
  return {
    name: 'Help search',
    nodes: [
      { id: 'searchTrigger_1', type: 'searchTriggerNode', position: at(0), values: config },
      { id: 'find_1', type: 'codeNode', position: at(300), values: { code } },
      {
        id: 'searchResponse_1',
        type: 'searchResponseNode',
        position: at(600),
        values: {
          enableGrouping: grouping,
          title: field('titles'),
          link: field('links'),
          tab: field('tabs'),
          breadcrumpsField: field('crumbs'),
          content: field('texts'),
          group: field('groups'),
          referenceText: 'Help centre',
          referenceLink: 'https://help.example/',
        },
      },
    ],
    edges: [
      { id: 's1', source: 'searchTrigger_1', sourceHandle: 'out', target: 'find_1', targetHandle: 'in' },
      { id: 's2', source: 'find_1', sourceHandle: 'out', target: 'searchResponse_1', targetHandle: 'in' },
    ],
  };
}

/** Create the flow in a new project and deploy it; resolves to its id. */
export async function deploy(weft: TestWeft, flow: { name: string; nodes: unknown[]; edges: unknown[] }): Promise<string> {
  const project = await weft.api<{ id: string }>('POST', '/api/projects', { name: `Widgets ${flow.name}` });
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, flow);
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}
