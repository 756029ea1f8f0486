/**
 * @module catalogue/data-source/graph-options — a dropdown of the OneDrive and SharePoint forms
 * from a Microsoft Graph list, read as the user of the credential the form names
 * (`input.credentials`); anything missing or refused: an empty list (spec 001 §5).
 */
import { accessTokenOf } from '../app/access-token.ts';
import { graphList } from '../app/teams-node/graph.ts';
import type { OptionLoaderContext } from '../option-loaders.ts';
import type { FieldOption } from '../types.ts';

export const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export async function graphOptions(input: Record<string, unknown>, ctx: OptionLoaderContext, path: string, option: (item: Record<string, unknown>) => FieldOption | null): Promise<FieldOption[]> {
  try {
    const name = text(input.credentials);
    if (!name) return [];
    const token = accessTokenOf(await ctx.credentials.get(name));
    const items = await graphList({ http: ctx.http, base: ctx.serviceUrl('graph'), token }, path);
    return items.map(option).filter((o): o is FieldOption => o !== null);
  } catch {
    return [];
  }
}
