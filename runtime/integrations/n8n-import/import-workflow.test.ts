import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import codeNode from '../../../catalogue/logic/code-node/run.ts';
import { registry } from '../../../catalogue/nodes.ts';
import { runNode, testContext } from '../../../catalogue/testing/node-harness.ts';
import type { FlowNode } from '../../../contract/flow-document.ts';
import { catalogueView } from '../../services/flows/catalogue-view.ts';
import { readNotes } from '../../services/flows/sticky-notes.ts';
import { flowGraphFaults } from '../../services/flows/transfer/export-schema.ts';
import { validateFlow } from '../../services/flows/validate.ts';
import { importN8nWorkflow, type ImportedDraft } from './import-workflow.ts';
import { N8nFormatError } from './n8n-format.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'));
const catalogue = catalogueView(registry);

/** Imported, then checked as the save route checks a draft: a document weft stores, with no structural problem. */
function imported(name: string): ImportedDraft & { node: (id: string) => FlowNode; warnings: string[] } {
  const draft = importN8nWorkflow(fixture(name));
  const check = validateFlow(draft, catalogue);
  expect(check.malformed).toEqual([]);
  expect(check.problems).toEqual([]);
  expect(flowGraphFaults({ nodes: draft.nodes, edges: draft.edges })).toEqual([]);
  expect(readNotes(draft.notes).problems).toEqual([]);
  const node = (id: string) => draft.nodes.find((n) => n.id === id) ?? expect.fail(`no node ${id}`);
  return { ...draft, node, warnings: check.warnings };
}

const links = (draft: ImportedDraft) => draft.edges.map((e) => `${e.source}:${e.sourceHandle} → ${e.target}`);
const problemsOf = (draft: ImportedDraft, node: string) => draft.problems.filter((p) => p.node === node).map((p) => p.message);

describe('importing an n8n workflow', () => {
  it('maps Webhook, Edit Fields, HTTP Request, IF, Respond to Webhook, Slack and a Sticky Note, keeping the layout', () => {
    const draft = imported('webhook-http-respond');
    expect(draft.name).toBe('Greet and check');
    expect(draft.warnings).toEqual([]);
    expect(draft.node('webhook')).toEqual({ id: 'webhook', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: { nodeName: 'Webhook', webhookId: 'greet', public: false } });
    // $json of the node after the webhook is the request; its body is weft's trigger output
    expect(draft.node('edit_fields').values.mapping).toEqual([
      { key: 'greeting', type: 'string', value: 'Hello {{trigger.output.name}}!' },
      { key: 'count', type: 'number', value: '{{trigger.output.count}}' },
      { key: 'when', type: 'string', value: '{{ $now.toISO() }}' },
    ]);
    expect(draft.node('http_request')).toMatchObject({
      type: 'apiNode',
      // n8n's columns spread 1.5 times for weft's wider nodes, rows kept
      position: { x: 660, y: 0 },
      values: {
        url: 'https://api.example.com/users/{{trigger.output.id}}?lang=en',
        method: 'POST',
        headers: '{"X-Greeting":"{{edit_fields.output.greeting}}"}',
        credentials: 'Example API key',
        body: '{{edit_fields.output}}',
        timeout: 15,
      },
      retry: { retries: 2, delay: 2 },
    });
    // IF hands its input on: $json after it is the HTTP answer
    expect(draft.node('if').values.conditions).toEqual([
      { label: 'true', combinator: 'AND', operands: [{ name: '{{http_request.output.status}}', operator: '==', value: 'ok' }, { name: '{{http_request.output.score}}', operator: '>=', value: '5' }] },
      { label: 'Else' },
    ]);
    expect(draft.node('respond_to_webhook').values.outputMapping).toEqual([
      { key: 'greeting', value: '{{edit_fields.output.greeting}}' },
      { key: 'status', value: '{{http_request.output.status}}' },
    ]);
    expect(draft.node('slack').values).toEqual({ nodeName: 'Slack', credentials: 'Team Slack', action: 'postMessage', channel_name: '#alerts', text: 'Check failed: {{http_request.output.message}}' });
    expect(links(draft)).toEqual(['webhook:out → edit_fields', 'edit_fields:out → http_request', 'http_request:out → if', 'if:true → respond_to_webhook', 'if:Else → slack']);
    expect(draft.notes[0]).toEqual({ id: 'n8n_note_1', position: { x: -60, y: -260 }, size: { width: 450, height: 200 }, text: '## Greeting\nCalls the API, answers or alerts.', color: 'blue' });
    expect(draft.problems).toEqual([
      { node: 'Edit Fields', field: 'mapping', message: expect.stringContaining('{{ $now.toISO() }}: weft templates read data only') },
      { node: 'HTTP Request', field: 'credentials', message: 'uses the n8n credential “Example API key”: add a “HTTP header” credential of that name to the project' },
      { node: 'Slack', field: 'credentials', message: 'uses the n8n credential “Team Slack”: add a “Team chat (OAuth)” credential of that name to the project' },
    ]);
    // the problems stay on the draft, as a note above everything else
    const note = draft.notes.find((n) => n.id === 'n8n_import_problems')!;
    expect(note.text).toContain('**Edit Fields** (mapping): {{ $now.toISO() }}');
    expect(note.position.y + note.size.height).toBeLessThan(-260);
  });

  it('maps Schedule trigger, Postgres, Loop Over Items (with its way back), Code, Gmail and Wait', () => {
    const draft = imported('schedule-loop-postgres-gmail');
    expect(draft.node('schedule_trigger').type).toBe('webhookTriggerNode');
    expect(problemsOf(draft, 'Schedule Trigger')).toEqual([expect.stringContaining('weft has no schedule trigger')]);
    // SQL values become parameters: a value n8n spliced in quotes is one parameter
    expect(draft.node('postgres').values).toEqual({
      credentials: 'Customers DB',
      action: 'runQuery',
      query: 'SELECT id, email, name FROM customers WHERE country = $1 AND created_at > $2',
      parameters: ['DE', '{{ $json.since }}'],
    });
    expect(draft.node('read_log').values).toMatchObject({ query: 'SELECT * FROM "public"."mail_log" WHERE "batch" = $1 LIMIT 10' });
    expect(draft.node('loop_over_items')).toMatchObject({ type: 'forLoopNode', values: { iterateOver: 'list', iteratorValue: '{{postgres.output.queryResult}}' } });
    expect(draft.node('loop_over_items_end').type).toBe('forLoopEndNode');
    expect(draft.node('gmail').values).toEqual({
      nodeName: 'Gmail',
      credentials: 'Support mailbox',
      action: 'sendEmail',
      recipient_email: '{{build_mail.output.to}}',
      cc: 'team@example.com',
      bcc: '',
      subject: '{{build_mail.output.subject}}',
      body: 'Hello {{loop_over_items.output.currentValue.name}}, welcome aboard.',
      is_html: false,
    });
    expect(draft.node('wait').values).toEqual({ seconds: 90 });
    expect(problemsOf(draft, 'Wait')).toEqual(['n8n waited 2 minutes; weft waits 1 to 90 seconds, so this waits 90']);
    // the body's way back into the loop ends at the Loop End; "done" leaves from it
    expect(links(draft)).toEqual([
      'schedule_trigger:out → postgres',
      'postgres:out → loop_over_items',
      'loop_over_items_end:out → read_log',
      'loop_over_items:out → build_mail',
      'build_mail:out → gmail',
      'gmail:out → wait',
      'wait:out → loop_over_items_end',
    ]);
    // after "done", n8n's $json.length has no weft counterpart: reported by name
    expect(problemsOf(draft, 'Read log')).toContain('{{ $json.length }}: this data of the node’s input has no counterpart in weft; kept as written');
  });

  it('runs an imported Code node as n8n ran it: $input and [{ json }] over weft outputs', async () => {
    const draft = imported('schedule-loop-postgres-gmail');
    const code = draft.node('build_mail').values.code as string;
    const outputs = { loop_over_items: { currentValue: { email: 'ada@example.com', name: 'Ada' } } };
    const result = await runNode(codeNode, { code }, testContext({ outputs }));
    expect(result.output).toEqual({ to: 'ada@example.com', subject: 'Welcome Ada' });
  });

  it('gives imported code the n8n items it read: a webhook call as {body, headers…}, every Postgres row, named nodes', async () => {
    const draft = imported('webhook-code-postgres');
    const readBody = await runNode(codeNode, { code: draft.node('read_body').values.code }, testContext({ input: { table: 'items' } }));
    expect(readBody.output).toEqual({ table: 'items', caller: 'nobody' });
    const outputs = { read_body: readBody.output, postgres: { queryResult: [{ id: 1 }, { id: 2 }], status: 'success', rowCount: 2 } };
    const eachRow = await runNode(codeNode, { code: draft.node('each_row').values.code }, testContext({ outputs }));
    expect(eachRow.output).toEqual([{ id: 1, table: 'items' }, { id: 2, table: 'items' }]);
  });

  it('maps Manual trigger, Switch (renamed outputs, fallback), Merge, No Operation and Execute Workflow', async () => {
    const draft = imported('manual-switch-merge-execute');
    expect(draft.node('when_clicking_test_workflow').type).toBe('webhookTriggerNode');
    expect(draft.node('switch').values.conditions).toEqual([
      { label: 'Bugs', combinator: 'AND', operands: [{ name: '{{trigger.output.kind}}', operator: '==', value: 'bug' }] },
      { label: 'Condition 2', combinator: 'AND', operands: [{ name: '{{trigger.output.title}}', operator: 'like', value: 'Feature%' }] },
      { label: 'Else' },
    ]);
    expect(draft.node('feature_team').values.mapping).toEqual([{ key: 'team', type: 'string', value: 'product' }, { key: 'urgent', type: 'boolean', value: false }]);
    expect(draft.node('execute_workflow').values).toEqual({ flowId: '', requestInput: '{"team":"{{merge.output.team}}","source":"n8n"}' });
    expect(draft.node('keep_id').values.mapping).toEqual([{ key: 'ticket', type: 'string', value: '{{execute_workflow.output.flowOutput.id}}' }]);
    expect(links(draft)).toEqual([
      'when_clicking_test_workflow:out → switch',
      'switch:Bugs → bug_team',
      'switch:Condition 2 → feature_team',
      'switch:Else → other',
      'bug_team:out → merge',
      'feature_team:out → merge',
      'merge:out → execute_workflow',
      'execute_workflow:out → keep_id',
    ]);
    expect(draft.warnings).toEqual(['execute_workflow: Flow is required']);
    expect(problemsOf(draft, 'Execute Workflow')).toEqual(['choose the weft flow to run (the n8n workflow was “Kq3nW2bYxT”)']);
    expect(problemsOf(draft, 'Bug team')).toEqual([expect.stringContaining("weft's Variables output only holds its own keys")]);
    // No Operation hands on what it got
    expect(draft.problems.map((p) => p.node)).not.toContain('Other');
    const passed = await runNode(codeNode, { code: draft.node('other').values.code }, testContext({ input: { kind: 'question' } }));
    expect(passed.output).toEqual({ kind: 'question' });
    const merged = await runNode(codeNode, { code: draft.node('merge').values.code }, testContext({ outputs: { bug_team: { team: 'core' }, feature_team: { urgent: false } } }));
    expect(merged.output).toEqual({ team: 'core', urgent: false });
  });

  it('maps the AI Agent with its chat model sub-node, OpenAI and Basic LLM Chain, and reports the memory sub-node', () => {
    const draft = imported('chat-agent-openai');
    expect(draft.node('when_chat_message_received').type).toBe('chatTriggerNode');
    const model = (name: string, credential = 'OpenAI account') => ({ type: 'text', model_name: name, provider_name: 'openai', credential_name: credential });
    expect(draft.node('ai_agent')).toMatchObject({
      type: 'generateTextNode',
      values: { prompts: [{ role: 'system', content: 'You answer questions about weft.' }, { role: 'user', content: '{{trigger.output.chatMessage}}' }], generativeModelName: model('gpt-4o-mini') },
    });
    expect(draft.node('openai').values).toEqual({
      prompts: [{ role: 'system', content: 'You shorten answers.' }, { role: 'user', content: 'Shorten: {{ai_agent.output.generatedResponse}}' }],
      generativeModelName: model('gpt-4o'),
    });
    expect(draft.node('basic_llm_chain').values.prompts).toEqual([{ role: 'system', content: 'You translate.' }, { role: 'user', content: 'Translate to German: {{openai.output.generatedResponse}}' }]);
    // the model sub-nodes are folded into the model fields, not nodes of their own
    expect(draft.nodes.map((n) => n.id)).toEqual(['when_chat_message_received', 'ai_agent', 'openai', 'basic_llm_chain']);
    expect(problemsOf(draft, 'Window Buffer Memory')).toEqual(['the memory sub-node (@n8n/n8n-nodes-langchain.memoryBufferWindow) of “AI Agent” has no weft counterpart and was not imported']);
  });

  it('maps the first versions of HTTP Request, IF, Switch, Set, Function and Split in Batches', () => {
    const draft = imported('legacy-versions');
    expect(draft.node('http_request').values).toEqual({ url: 'https://api.example.com/items?page=1', method: 'GET' });
    expect(draft.node('if').values.conditions).toEqual([
      { label: 'true', combinator: 'OR', operands: [{ name: '{{http_request.output.state}}', operator: 'like', value: 'open' }, { name: '{{http_request.output.count}}', operator: '>', value: '10' }] },
      { label: 'Else' },
    ]);
    expect(draft.node('set').values.mapping).toEqual([{ key: 'kind', type: 'string', value: '{{http_request.output.kind}}' }, { key: 'n', type: 'number', value: 3 }]);
    expect(draft.node('splitinbatches').values).toMatchObject({ iterateOver: 'list', iteratorValue: '{{function.output}}' });
    expect(links(draft)).toEqual([
      'start:out → http_request',
      'http_request:out → if',
      'if:true → switch',
      'if:Else → function',
      'switch:Condition 1 → set',
      'switch:Condition 2 → set',
      'switch:Else → set',
      'function:out → splitinbatches',
      'splitinbatches:out → wait',
      'wait:out → splitinbatches_end',
    ]);
    expect(problemsOf(draft, 'SplitInBatches')).toEqual(["n8n took batches of 5 items; weft's For Loop takes one item an iteration"]);
  });

  it('keeps an unknown node type as a placeholder that names it, and lists it', async () => {
    const draft = imported('unknown-node');
    const airtable = draft.node('airtable');
    expect(airtable).toMatchObject({ type: 'codeNode', position: { x: 330, y: 0 } });
    expect(links(draft)).toEqual(['manual:out → airtable', 'airtable:out → status']);
    expect(draft.problems).toEqual([{ node: 'Airtable', message: 'the node type n8n-nodes-base.airtable has no weft counterpart: a placeholder Code node stands in its place' }]);
    // run, it fails with the n8n name and type rather than doing something else
    await expect(runNode(codeNode, { code: airtable.values.code }, testContext())).rejects.toThrow('The n8n node “Airtable” (n8n-nodes-base.airtable) has no weft counterpart: replace this node');
  });

  it.each([
    [[], 'workflow'],
    [{ name: 'x' }, 'nodes'],
    [{ nodes: [] }, 'nodes'],
    [{ nodes: [{ name: 'A' }] }, 'nodes[0].type'],
    [{ nodes: [{ name: 'A', type: 'custom.thing' }] }, 'nodes'],
    [{ nodes: [{ name: 'A', type: 'n8n-nodes-base.set' }, { name: 'A', type: 'n8n-nodes-base.set' }] }, 'nodes[1].name'],
    [{ nodes: [{ name: 'A', type: 'n8n-nodes-base.set' }], connections: [] }, 'connections'],
    [{ nodes: Array.from({ length: 1001 }, (_, i) => ({ name: `n${i}`, type: 'n8n-nodes-base.set' })) }, 'nodes'],
  ])('refuses what is not an n8n workflow, naming the field (%#)', (input, field) => {
    const error = (() => {
      try {
        importN8nWorkflow(input);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(N8nFormatError);
    expect((error as N8nFormatError).field).toBe(field);
  });
});
