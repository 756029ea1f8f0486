/**
 * @module catalogue/data-source/sharepoint-trigger-node/loaders — the SharePoint source's site
 * dropdown (spec 001 §2 `POST /api/sharepoint/get-site-urls`): the sites the connected user can
 * reach (`GET /sites?search=*`), labelled by name, valued by URL.
 */
import type { OptionLoader } from '../../option-loaders.ts';
import { graphOptions, text } from '../graph-options.ts';

export const sharepointSiteUrls: OptionLoader = (input, ctx) =>
  graphOptions(input, ctx, '/sites?search=*', (site) =>
    text(site.webUrl) ? { label: text(site.displayName) || text(site.name) || text(site.webUrl), value: text(site.webUrl) } : null,
  );
