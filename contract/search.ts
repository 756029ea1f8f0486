/**
 * @module contract/search — one search result as the search response node shapes it (spec 000
 * §3 "Output items") and the search widget shows it. Browser-safe: types only.
 */

export interface SearchResult {
  name: string;
  content: string;
  breadCrumb: string;
  link: string;
  tab: string;
  /** with grouping enabled only */
  group?: string;
  referenceText?: string;
  referenceLink?: string;
}
