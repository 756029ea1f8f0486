/**
 * Every error text of spec 000 §8, each either produced by running the node or route of weft
 * it belongs to (node-cases.ts, server-cases.ts), or listed as not applicable with the reason —
 * the node or service it belongs to is not in weft yet — so the issue that adds it moves the
 * row over. `{…}` in a text stands for the part that varies; '...' marks where the spec elides.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiTestbed, type AiTestbed } from '../services/models/testing/ai-testbed.ts';
import { startOpenAILoopback } from '../services/models/testing/openai-loopback.ts';
import { startTestWeft } from '../testing/test-weft.ts';
import { nodeCases } from './node-cases.ts';
import { OPERATOR_EMAIL, serverCases, type ServerBench } from './server-cases.ts';

type Row = { text: string } & ({ produced: 'node' | 'server' } | { notApplicable: string });

const node = (text: string): Row => ({ text, produced: 'node' });
const server = (text: string): Row => ({ text, produced: 'server' });
const later = (text: string, notApplicable: string): Row => ({ text, notApplicable });

/** spec 000 §8, in its order. */
const SPEC_000_ERRORS: Row[] = [
  // Lookup
  server('Workflow not found'),
  server('Project not found'),
  node('No Project found'),
  server('Integration not found'),
  later(
    'Unable to decrypt secrets',
    "marketplace secrets (integrations of the next issues); weft's own credentials fail as 'Corrupted or invalid credential…', and their key derivation cannot fail on a working machine",
  ),
  later('Invalid JWT token', 'studio calls signed with JWTs: weft signs in with sessions and calls flows with API keys'),
  later('Invalid secret', "the studio's secret key for reading credentials (spec 002 §6): weft decrypts them on the server only"),
  // Credentials
  server('Credential with name {name} not found, please check the credential name and try again'),
  server('Corrupted or invalid credential, please add the credentials again and try again'),
  node('Missing credentials - {slug} for provider {p}'),
  server('Missing credentials key'),
  node('Missing credentialId for model'),
  node('credential ... not found! Please add first'),
  server('No credentials found for ...'),
  // Plan
  server('Project exceeded max requests, max requests: N, current requests: M. Please upgrade your plan.'),
  server('Project exceeded max records ... Please upgrade your plan or delete some records.'),
  // Models
  node('API key and Gateway URL must be set'),
  node('Unsupported proxy'),
  node('Model client not found'),
  node('Model is no longer supported or not found - {model}'),
  node('Default model not found! Please set a default model for this model type'),
  node('Missing default models config'),
  node('Invalid input data...'),
  node('No choices found'),
  node('No image data returned'),
  node('Could not find embedding object'),
  // Tools and data
  node('Invalid chat history ...'),
  node('Tools must be an array'),
  node('Tool {x} not found'),
  node('Error calling MCP tool'),
  node('Error executing tool'),
  later('File type not supported', 'the file parsing node (Extract from File)'),
  later('Failed to fetch data from url', 'the file parsing node (Extract from File)'),
  // Nodes
  node('ERROR in running Search Node: {message}'),
  node('ERROR in running hybrid Search Node: {message}'),
  node('ERROR in running multiModalLLM Node: {message}'),
  node('Faliure in executing the Search Node, Please try again'),
  node('ERROR in running imageGenNode'),
  node('ERROR in running API Node'),
  node('Error in running graphql response'),
  later('Unknown error in executing agent node, please try again', 'the supervisor agent node'),
  node('Failed to send conversation to webhook'),
  node('Failed to process reference'),
  // Vector
  node('Collection not found! please create it first before using it'),
  node('Error in deleting data'),
  node('Project Id is required'),
  node('Invalid data, metadata or vectors is empty'),
  node('Invalid data, metadata and vectors length mismatch'),
  node('Invalid filters provided'),
  node('No fields found for the collection'),
  node('Failed to filter data'),
  node('Invalid action'),
  node('No texts found to vectorize'),
  node('Cannot chunk empty text'),
  node('Cannot execute code with dangerous patterns'),
  node('No code found to execute'),
  // Engine
  server('Maximum flow execution depth exceeded (limit: 100)'),
  server('Max retries reached for node {id}'),
  server('No trigger node found!'),
  later('No matching edges found', "the supervisor agent's edge finder (spec 002 §5); weft's routers skip what their chosen handle does not reach (spec 000 §4)"),
  node('Mapping is not found'),
  node('Value is null'),
  // Chat default error text
  server('Oops! Something went wrong. Please try again.'),
];

/** Texts of spec 000 outside §8 that the same routes must spell exactly. */
const SPEC_000_OTHER: Row[] = [server('Atleast provide Workflow or Project ID')];

/**
 * Spec 002 §8's texts of the nodes weft has (loops, wait, credentials; its engine texts are
 * 000's too). The rest of that list belongs to the app nodes of the next issues (team
 * messaging, crawl, mail, notes, messaging provider, file parsing).
 */
const SPEC_002_PRESENT: Row[] = [
  node('Initial value must be a number'),
  node('Increment value must be a number'),
  node('End value must be a number'),
  node('Iterator value must be a list'),
  node('Maximum loop execution depth exceeded (limit: 100)'),
  server('Nested For Loops are not allowed'),
  node('Seconds must be between 1 and 90'),
  server('No credentials provided'),
  node('ERROR in running LLM Agent'),
  node('Failure in executing the node, Please try again'),
];

/** The spec's text as a pattern: `{…}`, N, M and '...' stand for any text. */
function patternOf(text: string): RegExp {
  const parts = text.split(/\{[^}]*\}|\s*\.\.\.\s*|\bN\b|\bM\b/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.*?'));
}

let bed: AiTestbed;
let bench: ServerBench;
beforeAll(async () => {
  bed = await startAiTestbed();
  const loopback = await startOpenAILoopback();
  const weft = await startTestWeft({ starterLimits: { requests: 30, records: 3 }, outboundAllow: [loopback.host], operatorEmails: [OPERATOR_EMAIL] });
  await weft.accounts.organisations.update(weft.admin.organisation.id, { plan: 'starter' });
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Spec errors' })).id;
  const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'spec errors' });
  bench = { weft, projectId, key, loopback };
}, 60_000);
afterAll(async () => {
  await bed?.close();
  await bench?.loopback.close();
  await bench?.weft.close();
});
beforeEach(() => bed.reset());

describe('spec error texts (000 §8, and 002 §8 where weft has the node)', () => {
  const rows = [...SPEC_000_ERRORS, ...SPEC_000_OTHER, ...SPEC_002_PRESENT];

  it('has a way to produce every applicable text, and a reason for every other', () => {
    for (const row of rows) {
      if ('produced' in row) expect(row.produced === 'node' ? nodeCases[row.text] : serverCases[row.text], row.text).toBeTypeOf('function');
      else expect(row.notApplicable.length, row.text).toBeGreaterThan(10);
    }
    const listed = new Set(rows.filter((r) => 'produced' in r).map((r) => r.text));
    expect([...Object.keys(nodeCases), ...Object.keys(serverCases)].filter((text) => !listed.has(text))).toEqual([]);
  });

  for (const row of rows.filter((r): r is Row & { produced: 'node' | 'server' } => 'produced' in r)) {
    it(`produces '${row.text}'`, { timeout: 60_000 }, async () => {
      const produced = row.produced === 'node' ? await nodeCases[row.text](bed) : await serverCases[row.text](bench);
      expect(produced).toMatch(patternOf(row.text));
    });
  }
});
