/**
 * @module runtime/services/flows/transfer/export-schema — the JSON Schema of the export document and of
 * the flow document inside it (contract/flow-export.ts, contract/flow-document.ts), served at
 * the stable URL `/schemas/weft-export.json` so people can generate and review flows as text.
 * Import checks a document against it; a save checks its nodes, edges and notes against
 * `#/definitions/flowGraph` after the flow check (runtime/services/flows/validate.ts) passed.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { EXPORT_FORMAT, FLOW_FORMAT_VERSION } from '../../../../contract/flow-export.ts';
import { MAX_FLOW_EDGES, MAX_FLOW_NODES } from '../flow-limits.ts';

export const EXPORT_SCHEMA_PATH = '/schemas/weft-export.json';

const position = { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } }, required: ['x', 'y'] };

export const exportSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: EXPORT_SCHEMA_PATH,
  title: `weft export document, flow format ${FLOW_FORMAT_VERSION}`,
  description:
    'One flow or a whole project of weft. A flow is a graph: one trigger node, processing nodes, response nodes; ' +
    'edges are message routes from a node’s output handle to another node’s input handle "in". A node’s `values` ' +
    'are its fields by name (GET /api/catalogue lists every node type and its fields); `{{nodeId.output.path}}` in ' +
    'a value reads an earlier node’s output.',
  type: 'object',
  required: ['format', 'formatVersion', 'flows'],
  properties: {
    format: { const: EXPORT_FORMAT },
    formatVersion: { type: 'integer', minimum: 1 },
    exportedAt: { type: 'string' },
    project: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, defaultModels: { type: ['object', 'null'] } },
    },
    flows: { type: 'array', maxItems: 1000, items: { $ref: '#/definitions/flow' } },
    credentials: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'credential_type'],
        properties: { name: { type: 'string', minLength: 1 }, credential_type: { type: 'string', minLength: 1 }, marketplace_id: { type: ['integer', 'null'] } },
      },
    },
  },
  definitions: {
    node: {
      type: 'object',
      required: ['id', 'type'],
      properties: {
        id: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'the node’s slug: templates read its output as {{id.output…}}' },
        type: { type: 'string', minLength: 1, description: 'a node type of GET /api/catalogue, e.g. webhookTriggerNode' },
        position: { type: 'object', description: '{ x, y } on the canvas' },
        values: { type: 'object', description: 'the node’s fields by name' },
        retry: { type: 'object', properties: { retries: { type: 'number', minimum: 0 }, delay: { type: 'number', minimum: 0 } } },
        onError: { enum: ['stop', 'continue'] },
        disabled: { type: 'boolean' },
        pinned: { type: 'object', required: ['output'] },
      },
    },
    edge: {
      type: 'object',
      required: ['id', 'source', 'target'],
      properties: {
        id: { type: 'string', minLength: 1 },
        source: { type: 'string' },
        sourceHandle: { type: 'string', description: "'out', or a router’s condition, branch or class name" },
        target: { type: 'string' },
        targetHandle: { type: 'string', description: "always 'in'" },
      },
    },
    note: {
      type: 'object',
      required: ['id', 'position', 'size', 'text'],
      properties: {
        id: { type: 'string' },
        position,
        size: { type: 'object', properties: { width: { type: 'number' }, height: { type: 'number' } }, required: ['width', 'height'] },
        text: { type: 'string' },
        color: { enum: ['yellow', 'blue', 'green', 'pink', 'grey'] },
      },
    },
    flowGraph: {
      type: 'object',
      required: ['nodes'],
      properties: {
        nodes: { type: 'array', maxItems: MAX_FLOW_NODES, items: { $ref: '#/definitions/node' } },
        edges: { type: 'array', maxItems: MAX_FLOW_EDGES, items: { $ref: '#/definitions/edge' } },
        notes: { type: 'array', items: { $ref: '#/definitions/note' } },
      },
    },
    version: {
      type: 'object',
      required: ['version', 'nodes', 'edges'],
      properties: {
        version: { type: 'integer', minimum: 1 },
        note: { type: 'string' },
        deployedAt: { type: 'number' },
        rolledBackFrom: { type: 'integer' },
        nodes: { type: 'array', items: { $ref: '#/definitions/node' } },
        edges: { type: 'array', items: { $ref: '#/definitions/edge' } },
        notes: { type: 'array', items: { $ref: '#/definitions/note' } },
      },
    },
    flow: {
      allOf: [
        { $ref: '#/definitions/flowGraph' },
        {
          type: 'object',
          required: ['id', 'name', 'edges'],
          properties: {
            id: { type: 'string', minLength: 1 },
            name: { type: 'string', minLength: 1, maxLength: 200 },
            status: { enum: ['draft', 'active'] },
            source_slugs: { type: 'array', items: { type: 'string' } },
            source_id: { type: ['string', 'null'] },
            versions: { type: 'array', items: { $ref: '#/definitions/version' } },
          },
        },
      ],
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addSchema(exportSchema);
const checkExport = ajv.getSchema(EXPORT_SCHEMA_PATH)!;
const checkGraph = ajv.getSchema(`${EXPORT_SCHEMA_PATH}#/definitions/flowGraph`)!;

/** Where and what: `/flows/0/nodes/2/id must match pattern …`; at most ten. */
function messages(errors: ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`.trim());
}

/** The faults of an export document against the schema (empty: it fits). */
export function exportDocumentFaults(document: unknown): string[] {
  return checkExport(document) ? [] : messages(checkExport.errors);
}

/** The faults of a flow's nodes, edges and notes against the schema (empty: they fit). */
export function flowGraphFaults(graph: { nodes: unknown; edges?: unknown; notes?: unknown }): string[] {
  return checkGraph(graph) ? [] : messages(checkGraph.errors);
}
