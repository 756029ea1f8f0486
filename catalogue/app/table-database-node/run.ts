/**
 * @module catalogue/app/table-database-node/run — one table database action: through the
 * tool-execution service (the credential's connected account), or straight at the Airtable API
 * when the credential holds a personal access token. An action the node does not know (a
 * template that resolved to something else) fails with 'Unknown action: {action}'.
 */
import { defineNode, type NodePackage } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { executeTool } from '../tool-service/client.ts';
import { connectionOf } from '../tool-service/connection.ts';
import { providerRequest } from '../tool-service/direct.ts';
import { definition, TABLE_ACTIONS } from './definition.ts';
import { listBases, listFields, listRecords, listTables } from './loaders.ts';
import { tableRequest } from './requests.ts';

const node = defineNode(definition, async (values, ctx) => {
  const connection = connectionOf(await ctx.credentials.get(values.credentials), 'table database', true);
  const request = tableRequest(values);
  const failure = `Failed to execute ${request.tool}`;
  const data =
    connection.mode === 'broker'
      ? (await executeTool(ctx, request.tool, connection.connectedAccountId, request.args, failure)).data
      : await providerRequest(ctx, 'airtable', connection.token, failure, request.direct);
  return { output: { data, successful: true, error: null } };
}, { loaders: { tableDatabaseBases: listBases, tableDatabaseTables: listTables, tableDatabaseFields: listFields, tableDatabaseRecords: listRecords } });

const known = new Set<unknown>(TABLE_ACTIONS.map((a) => a.value));

/** The spec's text for an action it does not know comes before the form's own check. */
export default {
  ...node,
  run(values, ctx, unresolved) {
    if (values.action !== undefined && !known.has(values.action)) throw userError(`Unknown action: ${String(values.action)}`);
    return node.run(values, ctx, unresolved);
  },
} satisfies NodePackage;
