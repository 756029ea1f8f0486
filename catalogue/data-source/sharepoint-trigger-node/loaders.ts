/**
 * @module catalogue/data-source/sharepoint-trigger-node/loaders — the SharePoint source's site
 * dropdown (spec 001 §2 `POST /api/sharepoint/get-site-urls`): the sites the connected user can
 * reach (`GET /sites?search=*`), labelled by name, valued by URL. `input.credentials` names the
 * sharepointOauth credential; anything missing or refused: an empty list (spec 001 §5).
 */
import { accessTokenOf } from '../../app/access-token.ts';
import { graphList } from '../../app/teams-node/graph.ts';
import type { OptionLoader } from '../../option-loaders.ts';
import type { FieldOption } from '../../types.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export const sharepointSiteUrls: OptionLoader = async (input, ctx) => {
  try {
    const name = text(input.credentials);
    if (!name) return [];
    const token = accessTokenOf(await ctx.credentials.get(name));
    const sites = await graphList({ http: ctx.http, base: ctx.serviceUrl('graph'), token }, '/sites?search=*');
    return sites
      .filter((site) => text(site.webUrl))
      .map((site): FieldOption => ({ label: text(site.displayName) || text(site.name) || text(site.webUrl), value: text(site.webUrl) }));
  } catch {
    return [];
  }
};
