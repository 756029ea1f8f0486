/**
 * @module catalogue/template-path — parsing one `{{…}}` placeholder into a node reference.
 * Templates are paths, never code: `nodeId.output.a.b[0]["c d"]`. Anything with parentheses
 * or a prototype key is refused outright, so no placeholder can reach beyond plain data.
 */
import { FORBIDDEN_KEYS } from './coerce.ts';

/** `{{ … }}` with no braces inside; the capture is the expression. */
export const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

export type Placeholder =
  /** a reference: read `outputs[nodeId]`, then follow `path` */
  | { kind: 'ref'; nodeId: string; path: string[] }
  /** parentheses or a prototype key: resolves to nothing */
  | { kind: 'blocked' }
  /** not a reference (e.g. text for another templating system): left as written */
  | { kind: 'text' };

const NODE_ID = /^[A-Za-z0-9_-]+$/;

/** Expressions parsed so far (a flow's templates are resolved on every run): emptied at 5,000. */
const parsed = new Map<string, Readonly<Placeholder>>();

/** Classify the expression inside one placeholder (the same, shared object for the same text: read it, never change it). */
export function parsePlaceholder(expression: string): Readonly<Placeholder> {
  let placeholder = parsed.get(expression);
  if (!placeholder) {
    if (parsed.size >= 5000) parsed.clear();
    placeholder = classify(expression);
    parsed.set(expression, placeholder);
  }
  return placeholder;
}

function classify(expression: string): Placeholder {
  const text = expression.trim();
  if (/[()]/.test(text)) return { kind: 'blocked' };
  const segments = splitPath(text);
  if (!segments) return mentionsForbidden(text) ? { kind: 'blocked' } : { kind: 'text' };
  if (segments.some((s) => FORBIDDEN_KEYS.has(s))) return { kind: 'blocked' };
  const [nodeId, output, ...path] = segments;
  if (!NODE_ID.test(nodeId) || output !== 'output') return { kind: 'text' };
  return { kind: 'ref', nodeId, path };
}

function mentionsForbidden(text: string): boolean {
  return /__proto__|\bconstructor\b|\bprototype\b/.test(text);
}

/**
 * `a.b[0]['c']["d"]` → ['a','b','0','c','d']; null when the text is not a path.
 * Dot segments may hold any character except `.`, `[` and `]`.
 */
export function splitPath(text: string): string[] | null {
  const segments: string[] = [];
  let i = 0;
  const first = /^[^.[\]]+/.exec(text);
  if (!first) return null;
  segments.push(first[0].trim());
  i = first[0].length;
  while (i < text.length) {
    const rest = text.slice(i);
    const step =
      /^\.([^.[\]]+)/.exec(rest) ?? /^\[\s*(\d+)\s*\]/.exec(rest) ?? /^\[\s*'([^']*)'\s*\]/.exec(rest) ?? /^\[\s*"([^"]*)"\s*\]/.exec(rest);
    if (!step) return null;
    segments.push(step[1].trim());
    i += step[0].length;
  }
  return segments;
}

/** Follow `path` through own properties of plain data only; undefined when anything is off. */
export function readPath(root: unknown, path: string[]): unknown {
  let current = root;
  for (const key of path) {
    if (FORBIDDEN_KEYS.has(key)) return undefined;
    if (current === null || typeof current !== 'object') return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
