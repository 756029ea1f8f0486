/** @module widgets/search/arrange — tabs and groups of a result list (pure, so it is easy to test). */
import type { SearchResult } from '../../contract/search.ts';

export const ALL_TAB = 'All';
/** spec 000 §9 */
export const TAB_FALLBACK = 'Other';
export const UNGROUPED = 'ungrouped';

/** Static tabs first (always shown), then the tabs results carry, in order; "All" leads when shown. */
export function tabsOf(results: SearchResult[], staticTabs: string[], showAllTab: boolean): string[] {
  const tabs: string[] = [];
  for (const tab of [...staticTabs, ...results.map((r) => r.tab || TAB_FALLBACK)]) if (tab && !tabs.includes(tab)) tabs.push(tab);
  return showAllTab ? [ALL_TAB, ...tabs.filter((t) => t !== ALL_TAB)] : tabs;
}

export function inTab(results: SearchResult[], tab: string, showAllTab: boolean): SearchResult[] {
  if (showAllTab && tab === ALL_TAB) return results;
  return results.filter((r) => (r.tab || TAB_FALLBACK) === tab);
}

export interface Group {
  name: string;
  referenceText?: string;
  referenceLink?: string;
  items: SearchResult[];
}

/** Results by group, groups in order of first appearance; without grouping, one unnamed group. */
export function groupsOf(results: SearchResult[], grouping: boolean): Group[] {
  if (!grouping) return [{ name: '', items: results }];
  const groups = new Map<string, Group>();
  for (const result of results) {
    const name = result.group || UNGROUPED;
    let group = groups.get(name);
    if (!group) {
      group = { name, items: [] };
      groups.set(name, group);
    }
    group.referenceText ||= result.referenceText;
    group.referenceLink ||= result.referenceLink;
    group.items.push(result);
  }
  return [...groups.values()];
}
