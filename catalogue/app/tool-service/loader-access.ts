/**
 * @module catalogue/app/tool-service/loader-access — what the table database and notes workspace
 * dropdown loaders share: the form's credential read into a connection, one call either through
 * the tool-execution service or at the provider's API, and the list found in the answer (the
 * service wraps the provider's answer: `data`, sometimes `data.response_data`). Any failure
 * answers [] (spec 002 §5: "Dropdown loaders need credentials … or return an empty list").
 */
import type { OptionLoaderContext } from '../../option-loaders.ts';
import type { FieldOption } from '../../types.ts';
import { executeTool } from './client.ts';
import { connectionOf } from './connection.ts';
import { providerRequest, type ProviderRequest } from './direct.ts';

export interface LoaderCall {
  tool: string;
  args: Record<string, unknown>;
  direct: ProviderRequest;
}

/** The answer of one call, or undefined when it cannot be made or fails. */
export async function loaderCall(
  input: Record<string, unknown>,
  ctx: OptionLoaderContext,
  provider: 'airtable' | 'notion',
  call: LoaderCall,
): Promise<unknown> {
  try {
    const name = typeof input.credentials === 'string' ? input.credentials : '';
    if (!name.trim()) return undefined;
    const connection = connectionOf(await ctx.credentials.get(name), provider, true);
    if (connection.mode === 'direct') return await providerRequest(ctx, provider, connection.token, 'Failed to load options', call.direct);
    const reply = await executeTool(ctx, call.tool, connection.connectedAccountId, call.args);
    const data = reply.data as { response_data?: unknown } | null;
    return data && typeof data === 'object' && data.response_data !== undefined ? data.response_data : data;
  } catch {
    return undefined;
  }
}

/** the list under `key` of an answer (or the answer itself when it is a list) */
export function listIn(answer: unknown, ...keys: string[]): Array<Record<string, unknown>> {
  if (Array.isArray(answer)) return answer.filter((item) => item && typeof item === 'object');
  if (!answer || typeof answer !== 'object') return [];
  for (const key of keys) {
    const value = (answer as Record<string, unknown>)[key];
    if (Array.isArray(value)) return value.filter((item) => item && typeof item === 'object');
  }
  return [];
}

/** options from items with an id, labelled by `labelOf` (the id when it has none) */
export function optionsOf(items: Array<Record<string, unknown>>, labelOf: (item: Record<string, unknown>) => unknown): FieldOption[] {
  return items
    .filter((item) => typeof item.id === 'string' && item.id)
    .map((item) => {
      const label = labelOf(item);
      return { value: item.id as string, label: typeof label === 'string' && label.trim() ? label : (item.id as string) };
    });
}
