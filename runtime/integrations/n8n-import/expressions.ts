/**
 * @module runtime/integrations/n8n-import/expressions — n8n expressions (`={{ $json.x }}`, `$('Node').item.json.y`,
 * `$node["Node"].json.y`, `$input.first().json`) as weft templates (`{{node_id.output.x}}`,
 * catalogue/template.ts). Only data references have a meaning in weft (templates are paths, never
 * code): anything else (`$now`, arithmetic, method calls) is kept as written and reported.
 */

/** Where an n8n reference starts: the node's input (`$json`, `$input…`) or a node by name. */
export type RefBase = { kind: 'input' } | { kind: 'node'; name: string };

/** A weft reference: `{{id.output.<path>}}`; id `trigger` is the alias of the flow's trigger. */
export interface WeftRef {
  id: string;
  path: string[];
}

/** How a node's references turn into weft ones; null when the reference has no meaning in weft. */
export type RefResolver = (base: RefBase, path: string[]) => WeftRef | null;

const ITEM = String.raw`(?:item|first\(\s*\)|last\(\s*\)|all\(\s*\)\s*\[\s*0\s*\]|itemMatching\(\s*\d*\s*\))`;
const QUOTED = String.raw`(['"\x60])((?:(?!\1).)+)\1`;
/** the head of each reference form, longest first; group `name` (when any) is the node's name */
const HEADS: { pattern: RegExp; base: (m: RegExpExecArray) => RefBase }[] = [
  { pattern: new RegExp(String.raw`^\$input\s*\.\s*${ITEM}\s*\.\s*json`), base: () => ({ kind: 'input' }) },
  { pattern: /^\$json/, base: () => ({ kind: 'input' }) },
  { pattern: new RegExp(String.raw`^\$\(\s*${QUOTED}\s*\)\s*\.\s*${ITEM}\s*\.\s*json`), base: (m) => ({ kind: 'node', name: m[2] }) },
  { pattern: new RegExp(String.raw`^\$node\s*\[\s*${QUOTED}\s*\]\s*\.\s*json`), base: (m) => ({ kind: 'node', name: m[2] }) },
  { pattern: /^\$node\s*\.\s*([A-Za-z_$][\w$]*)\s*\.\s*json/, base: (m) => ({ kind: 'node', name: m[1] }) },
  { pattern: new RegExp(String.raw`^\$items\(\s*${QUOTED}\s*\)\s*\[\s*0\s*\]\s*\.\s*json`), base: (m) => ({ kind: 'node', name: m[2] }) },
];

const STEP = [/^\??\.\s*([A-Za-z_$][\w$]*)/, /^(?:\?\.)?\[\s*(\d+)\s*\]/, /^(?:\?\.)?\[\s*'([^']*)'\s*\]/, /^(?:\?\.)?\[\s*"([^"]*)"\s*\]/];

/** `.a["b c"][0]` → ['a', 'b c', '0']; null when the text is anything but such a path. */
function readPath(text: string): string[] | null {
  const path: string[] = [];
  let rest = text.trim();
  while (rest) {
    const step = STEP.map((s) => s.exec(rest)).find(Boolean);
    if (!step) return null;
    path.push(step[1]);
    rest = rest.slice(step[0].length).trim();
  }
  return path;
}

/** The reference one `{{ … }}` of n8n holds, or null when it holds anything else. */
export function parseReference(code: string): { base: RefBase; path: string[] } | null {
  let text = code.trim();
  // JSON.stringify(ref): weft writes data inside text as JSON, and keeps a whole-field reference as the data itself
  const stringify = /^JSON\.stringify\(([\s\S]*)\)$/.exec(text);
  if (stringify) text = stringify[1].trim();
  for (const head of HEADS) {
    const match = head.pattern.exec(text);
    if (!match) continue;
    const path = readPath(text.slice(match[0].length));
    return path ? { base: head.base(match), path } : null;
  }
  return null;
}

/** `{{id.output.a['b c'][0]}}` */
export function weftTemplate(ref: WeftRef): string {
  const steps = ref.path.map((segment) => (/^\d+$/.test(segment) ? `[${segment}]` : /^[\w$-]+$/.test(segment) ? `.${segment}` : `[${segment.includes("'") ? `"${segment}"` : `'${segment}'`}]`));
  return `{{${ref.id}.output${steps.join('')}}}`;
}

/** One expression that could not be translated: the n8n text, and why. */
export interface ExpressionMiss {
  expression: string;
  reason: string;
}

const N8N_PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;

/**
 * A parameter string of n8n in weft: an expression (text starting with `=`) has each `{{ … }}`
 * translated, or kept as written and reported; any other string is literal text in n8n and
 * stays as it is.
 */
export function translateString(text: string, resolve: RefResolver, onMiss: (miss: ExpressionMiss) => void): string {
  if (!text.startsWith('=')) return text;
  return text.slice(1).replace(N8N_PLACEHOLDER, (whole, code: string) => {
    const reference = parseReference(code);
    if (!reference) {
      onMiss({ expression: whole, reason: 'weft templates read data only (no code, functions or n8n variables such as $now)' });
      return whole;
    }
    const ref = resolve(reference.base, reference.path);
    if (!ref) {
      const what = reference.base.kind === 'node' ? `node “${reference.base.name}”` : 'the node’s input';
      onMiss({ expression: whole, reason: `this data of ${what} has no counterpart in weft` });
      return whole;
    }
    return weftTemplate(ref);
  });
}

/** Every string inside `value` (lists and objects included) translated by translateString. */
export function translateValue(value: unknown, resolve: RefResolver, onMiss: (miss: ExpressionMiss) => void): unknown {
  if (typeof value === 'string') return translateString(value, resolve, onMiss);
  if (Array.isArray(value)) return value.map((item) => translateValue(item, resolve, onMiss));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, translateValue(item, resolve, onMiss)]));
  }
  return value;
}

/** n8n names the nodes a Code node reads through `$('Name')` and `$node["Name"]`. */
export function namesReadByCode(code: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(new RegExp(String.raw`\$\(\s*${QUOTED}\s*\)`, 'g'))) names.add(match[2]);
  for (const match of code.matchAll(new RegExp(String.raw`\$node\s*\[\s*${QUOTED}\s*\]`, 'g'))) names.add(match[2]);
  return [...names];
}
