/** @module widgets/search/types — what the server sends the search widget. */

export interface SearchConfig {
  primaryColor: string;
  secondaryColor: string;
  showNavHelperText: boolean;
  showEscapeHelperText: boolean;
  hideBranding: boolean;
  searchPlaceholderText: string;
  searchDebounce: number;
  linkTarget: '_blank' | '_self';
  showAllTab: boolean;
  staticTabs: string[];
  enableGrouping: boolean;
}

/** One result as the search response node shapes it. */
export interface SearchResult {
  name: string;
  content: string;
  breadCrumb: string;
  link: string;
  tab: string;
  group?: string;
  referenceText?: string;
  referenceLink?: string;
}
