/**
 * @module catalogue/data-source/postgres-node/definition — the Postgres action (spec 001 §3
 * "Postgres trigger and action", integration 212): run one query, its parameters bound as $1,
 * $2…; outputs queryResult and status.
 */
import type { NodeDefinition } from '../../types.ts';

const onRunQuery = { actionField: 'action', actionValue: 'runQuery' } as const;

export const definition = {
  name: 'postgresNode',
  label: 'Postgres query',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'database',
  docs: '/docs/nodes/postgresNode',
  sideEffects: 'database',
  services: ['postgres'],
  integrationId: 212,
  isIntegration: true,
  authTypes: ['basic'],
  closedOutputs: true,
  description:
    'Runs a SQL query on the database of a "Postgres" credential. Values from the flow go in Parameters, one a row, ' +
    'and the query names them $1, $2…: they are sent apart from the SQL, so no value can change the query. ' +
    'The SQL itself is taken as written ({{…}} is not replaced in it).',
  inputs: [
    { name: 'credentials', label: 'Credential', type: 'credential', required: true, isCredential: true, description: 'A "Postgres" credential of the project.' },
    { name: 'action', label: 'Action', type: 'select', required: true, defaultValue: 'runQuery', values: [{ label: 'Run query', value: 'runQuery' }] },
    {
      name: 'query',
      label: 'Query',
      type: 'textarea',
      required: true,
      literal: true,
      placeholder: 'SELECT id, email FROM customers WHERE country = $1 LIMIT $2',
      description: 'One SQL statement (several, separated by semicolons, only without parameters); $1, $2… are the parameters.',
      ...onRunQuery,
    },
    {
      name: 'parameters',
      label: 'Parameters',
      type: 'list',
      description: 'The values of $1, $2…, in order; each may be a {{template}}. Objects are sent as JSON.',
      ...onRunQuery,
    },
  ],
  outputs: [
    { name: 'queryResult', type: 'array', description: 'the rows the query answered, each an object of its columns ([] for a statement that answers none)' },
    { name: 'status', type: 'string', description: "'success' once the query ran" },
    { name: 'rowCount', type: 'number', description: 'rows answered or touched (INSERT, UPDATE, DELETE)' },
  ],
  metadata: { author: 'weft', tags: ['postgres', 'postgresql', 'sql', 'database', 'query', 'select', 'insert'] },
} as const satisfies NodeDefinition;
