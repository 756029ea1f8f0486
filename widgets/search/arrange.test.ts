import { describe, expect, it } from 'vitest';
import { groupsOf, inTab, tabsOf } from './arrange.ts';
import type { SearchResult } from '../../contract/search.ts';

const r = (name: string, tab: string, group?: string): SearchResult => ({ name, tab, group, content: '', breadCrumb: '', link: '' });
const results = [r('a', 'Docs', 'Guides'), r('b', 'Blog'), r('c', '', 'Guides'), r('d', 'Docs', 'API')];

describe('search widget arrangement', () => {
  it('tabs: All first when shown, static tabs next, then result tabs; a missing tab is Other', () => {
    expect(tabsOf(results, ['Pricing', 'Docs'], true)).toEqual(['All', 'Pricing', 'Docs', 'Blog', 'Other']);
    expect(tabsOf(results, [], false)).toEqual(['Docs', 'Blog', 'Other']);
    expect(tabsOf([], ['Pricing'], true)).toEqual(['All', 'Pricing']);
  });

  it('filters by tab; All holds everything', () => {
    expect(inTab(results, 'All', true).map((x) => x.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(inTab(results, 'Docs', true).map((x) => x.name)).toEqual(['a', 'd']);
    expect(inTab(results, 'Other', false).map((x) => x.name)).toEqual(['c']);
  });

  it('groups in order of appearance, with ungrouped for results without a group', () => {
    expect(groupsOf(results, true).map((g) => [g.name, g.items.map((x) => x.name)])).toEqual([
      ['Guides', ['a', 'c']],
      ['ungrouped', ['b']],
      ['API', ['d']],
    ]);
    expect(groupsOf(results, false)).toEqual([{ name: '', items: results }]);
  });
});
