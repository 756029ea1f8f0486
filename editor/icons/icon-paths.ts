/**
 * @module editor/icons/icon-paths — weft's icons: hand-drawn 24×24 line icons as SVG path data,
 * drawn with a 2-unit round stroke in the current colour. Node icons are keyed by the catalogue's
 * names (a missing one fails tsc); the rest are the studio's own (categories, buttons, states).
 */
import type { NodeIcon } from '../../catalogue/icon-names.ts';

/** a circle as path data, so every icon is a list of paths */
const circle = (cx: number, cy: number, r: number) => `M${cx + r} ${cy}a${r} ${r} 0 1 1-${2 * r} 0a${r} ${r} 0 1 1 ${2 * r} 0z`;
const lens = circle(10.5, 10.5, 6.5);
const bubble = 'M4 4h16v12H9l-5 4z';
const hexagon = 'M12 2.5l8.2 4.75v9.5L12 21.5l-8.2-4.75v-9.5z';
const box = ['M3 4h18v4H3z', 'M5 8v12h14V8'];
const cylinder = ['M20 6c0 1.66-3.58 3-8 3S4 7.66 4 6s3.58-3 8-3 8 1.34 8 3z', 'M4 6v12c0 1.66 3.58 3 8 3s8-1.34 8-3V6'];

const nodeIcons: Record<NodeIcon, readonly string[]> = {
  webhook: [circle(12, 4.5, 2), 'M12 6.5V15a4.5 4.5 0 0 1-9 0v-2.5', 'M3 12.5l3 2.5'],
  chat: [bubble],
  search: [lens, 'M15.2 15.2L20.5 20.5'],
  graphql: [hexagon, 'M12 2.5L3.8 16.75h16.4z'],
  globe: [circle(12, 12, 9), 'M3 12h18', 'M12 3c2.5 2.5 3.8 5.5 3.8 9s-1.3 6.5-3.8 9c-2.5-2.5-3.8-5.5-3.8-9S9.5 5.5 12 3z'],
  send: ['M4 14v6h16v-6', 'M12 15V4', 'M7.5 8.5L12 4l4.5 4.5'],
  'chat-reply': [bubble, 'M8 8.5h8', 'M8 12h5'],
  mail: ['M3 5.5h18v13H3z', 'M3 5.5l9 7 9-7'],
  list: ['M9 6h11', 'M9 12h11', 'M9 18h11', 'M4.5 6h.01', 'M4.5 12h.01', 'M4.5 18h.01'],
  condition: ['M3 12h6l6-6h5', 'M9 12l6 6h5', 'M17 3l3 3-3 3', 'M17 15l3 3-3 3'],
  branch: ['M3 12h15', 'M8 12c4 0 4-7 10-7', 'M8 12c4 0 4 7 10 7', circle(20, 5, 1), circle(20, 12, 1), circle(20, 19, 1)],
  variable: ['M8 4c-3 4.5-3 11.5 0 16', 'M16 4c3 4.5 3 11.5 0 16', 'M9.5 9l5 6', 'M14.5 9l-5 6'],
  code: ['M8 7l-5 5 5 5', 'M16 7l5 5-5 5', 'M14 4l-4 16'],
  loop: ['M4 12a8 8 0 0 1 13.66-5.66', 'M17.66 2.34v4h-4', 'M20 12a8 8 0 0 1-13.66 5.66', 'M6.34 21.66v-4h4'],
  'loop-end': ['M3 12h13', 'M12 7l5 5-5 5', 'M20.5 5v14'],
  subflow: ['M3 3h7v7H3z', 'M14 14h7v7h-7z', 'M6.5 10v4.5a2 2 0 0 0 2 2H14', 'M11.5 14l2.5 2.5-2.5 2.5'],
  wait: ['M6 3h12', 'M6 21h12', 'M7.5 3v3.5L12 12l4.5-5.5V3', 'M7.5 21v-3.5L12 12l4.5 5.5V21'],
  pen: ['M4 20h4L20 8l-4-4L4 16z', 'M13.5 6.5l4 4', 'M13 20h7'],
  image: ['M3 5h18v14H3z', circle(8.5, 9.5, 1.5), 'M3 17l5-5 4 4 3-3 6 6'],
  json: ['M8 3.5H7a2 2 0 0 0-2 2V10l-2 2 2 2v4.5a2 2 0 0 0 2 2h1', 'M16 3.5h1a2 2 0 0 1 2 2V10l2 2-2 2v4.5a2 2 0 0 1-2 2h-1', 'M9 12h.01', 'M12 12h.01', 'M15 12h.01'],
  eye: ['M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z', circle(12, 12, 3)],
  tag: ['M3 3h8l10 10-8 8L3 11z', circle(7.5, 7.5, 1.5)],
  scissors: [circle(6, 6, 3), circle(6, 18, 3), 'M8.2 8L20 18', 'M8.2 16L20 6'],
  vector: ['M4 3v17h17', 'M4 20L17 7', 'M11 7h6v6', 'M4 20l5-11'],
  database: [...cylinder, 'M4 12c0 1.66 3.58 3 8 3s8-1.34 8-3'],
  compass: [circle(12, 12, 9), 'M15.5 8.5l-2 5-5 2 2-5z'],
  'search-plus': [lens, 'M15.2 15.2L20.5 20.5', 'M10.5 8v5', 'M8 10.5h5'],
  'search-text': ['M3 6h14', 'M3 11h7', 'M3 16h5', circle(16, 15, 3.5), 'M18.5 17.5L21 20'],
  'memory-add': [...box, 'M12 11v6', 'M9 14h6'],
  'memory-read': [...box, 'M12 17v-6', 'M9 14l3-3 3 3'],
  book: ['M12 6.5C10 5 7 4.5 3 4.5v14c4 0 7 .5 9 2 2-1.5 5-2 9-2v-14c-4 0-7 .5-9 2z', 'M12 6.5v14'],
  key: [circle(7, 15, 4), 'M9.8 12.2L19 3', 'M16 6l3 3', 'M13.5 8.5l2 2'],
  plug: ['M9 2v5', 'M15 2v5', 'M6 7h12v4a6 6 0 0 1-12 0z', 'M12 17v5'],
};

const studioIcons = {
  // categories
  bolt: ['M13 2L4 14h7l-1 8 9-12h-7z'],
  diamond: ['M12 2.5l9.5 9.5-9.5 9.5L2.5 12z'],
  hexagon: [hexagon],
  sparkle: ['M12 3l2.2 6.8L21 12l-6.8 2.2L12 21l-2.2-6.8L3 12l6.8-2.2z'],
  return: ['M20 4v7a4 4 0 0 1-4 4H4', 'M9 10l-5 5 5 5'],
  widget: ['M3 3h18v18H3z', 'M3 9h18', 'M9 9v12'],
  // buttons
  restart: ['M6 5v14', 'M19 5l-10 7 10 7z'],
  play: ['M7 4.5v15L19.5 12z'],
  pause: ['M8 5v14', 'M16 5v14'],
  step: ['M18 5v14', 'M5 5l10 7-10 7z'],
  undo: ['M9 14L4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'],
  redo: ['M15 14l5-5-5-5', 'M20 9H9.5a5.5 5.5 0 0 0 0 11H13'],
  trash: ['M4 7h16', 'M10 3h4', 'M6 7l1 14h10l1-14', 'M10 11v6', 'M14 11v6'],
  back: ['M19 12H5', 'M11 6l-6 6 6 6'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  'chevron-left': ['M15 5l-7 7 7 7'],
  'chevron-right': ['M9 5l7 7-7 7'],
  external: ['M14 4h6v6', 'M20 4l-9 9', 'M18 14v6H4V6h6'],
  // node actions (the canvas's right-click menu)
  copy: ['M8 8h12v12H8z', 'M16 8V4H4v12h4'],
  power: ['M12 3v8', 'M6.3 6.8a8 8 0 1 0 11.4 0'],
  pin: ['M9 3h6', 'M10 3v6l-3 4h10l-3-4V3', 'M12 13v8'],
  // run states
  check: ['M4 12.5l5 5L20 6.5'],
  skip: ['M3 18c1.5-7 11-10 16-4', 'M20 9v5h-5'],
} satisfies Record<string, readonly string[]>;

export const ICON_PATHS: Record<NodeIcon | keyof typeof studioIcons, readonly string[]> = { ...nodeIcons, ...studioIcons };

export type IconName = keyof typeof ICON_PATHS;
