/**
 * @module catalogue/data-source/sharepoint-trigger-node/sync-reader — the SharePoint Business source's reader: its
 * accessible drives are the document libraries of the site at `site_url`
 * (`GET /sites/{host}:/{path}`, then `GET /sites/{id}/drives`).
 */
import { graphCall, graphList, type GraphAccess } from '../../app/teams-node/graph.ts';
import { definition } from './definition.ts';
import { userError } from '../../errors.ts';
import { microsoftDriveReader } from '../microsoft-drive-reader.ts';

/** `https://contoso.sharepoint.com/sites/marketing` → `/sites/contoso.sharepoint.com:/sites/marketing` */
export function sitePathOf(siteUrl: string): string {
  let url: URL;
  try {
    url = new URL(siteUrl.trim());
  } catch {
    throw userError(`Invalid site URL: ${siteUrl.slice(0, 200)}`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  return `/sites/${url.hostname}${path ? `:${path}` : ''}`;
}

export async function siteDrives(access: GraphAccess, siteUrl: string) {
  const site = await graphCall(access, 'GET', sitePathOf(siteUrl));
  // a site id is 'host,site-guid,web-guid': its commas stay as they are
  const drives = await graphList(access, `/sites/${encodeURIComponent(String(site.id)).replace(/%2C/gi, ',')}/drives`);
  return drives.filter((drive) => typeof drive.id === 'string').map((drive) => ({ id: drive.id as string, name: typeof drive.name === 'string' ? drive.name : (drive.id as string) }));
}

export const sharepointReader = microsoftDriveReader({
  nodeType: definition.name,
  inputs: definition.inputs,
  drives: (access, values) => siteDrives(access, typeof values.site_url === 'string' ? values.site_url : ''),
});
