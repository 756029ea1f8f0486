/**
 * @module catalogue/app/notes-workspace-node/run — one notes workspace action: through the
 * tool-execution service (the credential's connected account), or straight at the Notion API when
 * the credential holds an integration token.
 */
import { defineNode } from '../../define-node.ts';
import type { NodeContext } from '../../types.ts';
import { executeTool } from '../tool-service/client.ts';
import { connectionOf } from '../tool-service/connection.ts';
import { providerRequest } from '../tool-service/direct.ts';
import { definition } from './definition.ts';
import { listDatabases, listPages } from './loaders.ts';
import { notesRequest, type NotesValues } from './requests.ts';

export default defineNode(definition, async (values, ctx) => {
  const connection = connectionOf(await ctx.credentials.get(values.credentials), 'notes workspace', true);
  const request = notesRequest(values);
  if (connection.mode === 'broker') {
    const reply = await executeTool(ctx, request.tool, connection.connectedAccountId, request.args, request.failure);
    return { output: { data: reply.data, successful: true } };
  }
  const data = request.direct
    ? await providerRequest(ctx, 'notion', connection.token, request.failure, request.direct)
    : await duplicate(ctx, connection.token, values, request.failure);
  return { output: { data, successful: true } };
}, { loaders: { notesWorkspacePages: listPages, notesWorkspaceDatabases: listDatabases } });

/** The Notion API has no copy: read the page and its first 100 blocks, then create the copy with them. */
async function duplicate(ctx: NodeContext, token: string, values: NotesValues, failure: string): Promise<unknown> {
  const id = encodeURIComponent((values.pageId ?? '').trim());
  const page = (await providerRequest(ctx, 'notion', token, failure, { method: 'GET', path: `/pages/${id}` })) as { parent?: Record<string, unknown>; properties?: Record<string, { type?: string; title?: unknown }> };
  const blocks = (await providerRequest(ctx, 'notion', token, failure, { method: 'GET', path: `/blocks/${id}/children?page_size=100` })) as { results?: Array<Record<string, unknown>> };
  const titleEntry = Object.entries(page.properties ?? {}).find(([, p]) => p?.type === 'title');
  const titleName = titleEntry?.[0] ?? 'title';
  const title = values.title?.trim() ? [{ type: 'text', text: { content: values.title.trim() } }] : titleEntry?.[1].title ?? [];
  const parent = values.parent?.trim() ? { page_id: values.parent.trim() } : page.parent ?? {};
  const children = (blocks.results ?? []).filter((b) => typeof b.type === 'string' && !['child_page', 'child_database', 'unsupported'].includes(b.type)).map((b) => ({ object: 'block', type: b.type, [b.type as string]: b[b.type as string] }));
  return providerRequest(ctx, 'notion', token, failure, { method: 'POST', path: '/pages', body: { parent, properties: { [titleName]: { title } }, children } });
}
