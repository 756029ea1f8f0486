/** @module widgets/search/types — what the server sends the search widget (its results: contract/search.ts). */

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
