/**
 * @module catalogue/app/notes-workspace-node/loaders — the notes workspace's dropdowns (spec 002
 * §2 list-pages, list-databases): the pages and databases the credential can reach, by title;
 * [] when it cannot load.
 */
import type { OptionLoader } from '../../option-loaders.ts';
import { listIn, loaderCall, optionsOf } from '../tool-service/loader-access.ts';

/** a page's or database's title: Notion's `title` rich text (databases), its title property (pages), or a plain `title` */
export function titleOf(item: Record<string, unknown>): string | undefined {
  const plain = (rich: unknown) => (Array.isArray(rich) ? rich.map((r) => (r as { plain_text?: string; text?: { content?: string } }).plain_text ?? (r as { text?: { content?: string } }).text?.content ?? '').join('') : undefined);
  if (typeof item.title === 'string') return item.title;
  const own = plain(item.title);
  if (own) return own;
  const property = Object.values((item.properties as Record<string, { type?: string; title?: unknown }>) ?? {}).find((p) => p?.type === 'title');
  return plain(property?.title);
}

const searchFor = (kind: 'page' | 'database'): OptionLoader => async (input, ctx) => {
  const answer = await loaderCall(input, ctx, 'notion', {
    tool: 'NOTION_FETCH_DATA',
    args: kind === 'page' ? { get_pages: true, page_size: 100 } : { get_databases: true, page_size: 100 },
    direct: { method: 'POST', path: '/search', body: { filter: { property: 'object', value: kind }, page_size: 100 } },
  });
  return optionsOf(listIn(answer, 'values', 'results'), titleOf);
};

export const listPages = searchFor('page');
export const listDatabases = searchFor('database');
