/**
 * @module runtime/integrations/n8n-import/map-code — n8n's Code (JavaScript), Function and Function Item nodes,
 * and Merge, as weft Code nodes. n8n code reads items (`$input.all()`, `$json`, `items`,
 * `$('Node')`); weft code reads `input` (the trigger's) and `outputs.<id>`. The imported code
 * runs inside a short preamble that gives it those n8n names over weft's outputs, and an n8n
 * result (`[{ json }]`) is unwrapped, so most snippets run unchanged.
 */
import { TRIGGER_ALIAS } from '../../../catalogue/template.ts';
import { namesReadByCode, type WeftRef } from './expressions.ts';
import type { MapContext, NodeMapper } from './mapper-types.ts';

/** The JavaScript that reads a weft reference in a Code node: `input` for the trigger, `outputs.<id>` else. */
export function jsAccess(ref: WeftRef | null): string {
  if (!ref) return 'undefined';
  const base = ref.id === TRIGGER_ALIAS ? 'input' : `outputs.${ref.id}`;
  return base + ref.path.map((segment) => `?.[${JSON.stringify(segment)}]`).join('');
}

/** n8n names weft's sandbox has no counterpart of (files, credentials, the workflow's state). */
const UNSUPPORTED = /\$(?:env|vars|execution|workflow|prevNode|getWorkflowStaticData|secrets)\b|this\.helpers|\brequire\s*\(/g;

/** The n8n items (`[{ json }]`) of the node before, or of node `name`, as JavaScript over weft's outputs. */
function itemsCode(ctx: MapContext, name?: string): string {
  const source = ctx.output(name);
  if (!source) return '[]';
  const output = jsAccess(source.ref);
  const { mapper } = source;
  if (mapper?.items) return `(${jsAccess({ ...source.ref, path: mapper.items })} ?? []).map((json) => ({ json }))`;
  if (mapper?.codeItem) return `[{ json: ${mapper.codeItem(output)} }]`;
  return `[{ json: ${jsAccess(name === undefined ? ctx.input() : ctx.ref(name))} }]`;
}

function preamble(ctx: MapContext, code: string): string {
  const nodes = namesReadByCode(code).map((name) => `  ${JSON.stringify(name)}: ${itemsCode(ctx, name)},`).join('\n');
  return [
    `// Imported from n8n (“${ctx.node.name.replace(/[\r\n]/g, ' ')}”): $input, $json and items are the n8n items of the node before,`,
    '// $(name) and $node[name] those of the nodes named below; an n8n result ([{ json }]) is unwrapped.',
    `const items = ${itemsCode(ctx)};`,
    'const $json = items[0]?.json;',
    'const $input = { all: () => items, first: () => items[0], last: () => items[items.length - 1], item: items[0] };',
    `const $nodes = {\n${nodes}\n};`,
    'const $ = (name) => { const all = $nodes[name] ?? []; return { item: all[0], first: () => all[0], last: () => all[all.length - 1], all: () => all }; };',
    'const $node = Object.fromEntries(Object.entries($nodes).map(([name, all]) => [name, all[0] ?? { json: undefined }]));',
  ].join('\n');
}

const epilogue = [
  'const unwrap = (item) => (item !== null && typeof item === "object" && "json" in item ? item.json : item);',
  'return Array.isArray(result) ? (result.length === 1 ? unwrap(result[0]) : result.map(unwrap)) : unwrap(result);',
].join('\n');

/** `code` wrapped so that it runs as the n8n node ran it. */
export function wrapN8nCode(ctx: MapContext, code: string): string {
  for (const name of new Set([...code.matchAll(UNSUPPORTED)].map((m) => m[0]))) {
    ctx.problem(`the code uses ${name}, which weft's sandbox does not have`, 'code');
  }
  return `${preamble(ctx, code)}\nconst result = await (async () => {\n${code}\n})();\n${epilogue}`;
}

export const codeNode: NodeMapper = {
  map(ctx) {
    const { parameters, type } = ctx.node;
    if (parameters.language === 'python' || parameters.language === 'pythonNative') {
      ctx.problem('weft runs JavaScript only: rewrite this Python code (kept below as a comment)', 'code');
      const python = String(parameters.pythonCode ?? '').split('\n').map((line) => `// ${line}`).join('\n');
      return { type: 'codeNode', values: { code: `${python}\nthrow new Error('This Python code from n8n has to be rewritten in JavaScript');` } };
    }
    const code = String(parameters.jsCode ?? parameters.functionCode ?? (type.endsWith('functionItem') ? 'return item;' : 'return items;'));
    // Function Item ran once per item as `item`
    const body = type.endsWith('functionItem') ? `const item = $json;\n${code}` : code;
    return { type: 'codeNode', values: { code: wrapN8nCode(ctx, body) } };
  },
};

/**
 * Merge waits for its inputs (so does a weft node with several inbound edges), then appends them,
 * combines them key by key, or hands on the chosen one.
 */
export const mergeNode: NodeMapper = {
  map(ctx) {
    const { parameters } = ctx.node;
    const inputs = [0, 1, 2, 3].map((i) => ctx.inputsAt(i)[0]).filter((name): name is string => Boolean(name));
    const reads = inputs.map((name) => jsAccess(ctx.ref(name)));
    const mode = String(parameters.mode ?? 'append');
    let code: string;
    if (mode === 'chooseBranch') {
      const chosen = parameters.output === 'input2' || parameters.useDataOfInput === 2 ? 1 : 0;
      code = `return ${reads[chosen] ?? 'undefined'};`;
    } else if (mode === 'append' || mode === 'wait') {
      code = `return [].concat(${reads.map((r) => `${r} ?? []`).join(', ')});`;
    } else {
      const how = String(parameters.combineBy ?? parameters.combinationMode ?? mode);
      if (!['combineByPosition', 'mergeByPosition', 'combineAll', 'multiplex', 'combine'].includes(how)) {
        ctx.problem(`n8n matched items (${how}); weft combines the inputs' outputs key by key`, 'code');
      }
      code = `return Object.assign({}, ${reads.join(', ')});`;
    }
    if (!inputs.length) ctx.problem('the Merge node has no inputs', 'code');
    return { type: 'codeNode', values: { code: `// Merge “${ctx.node.name.replace(/[\r\n]/g, ' ')}” imported from n8n (${mode})\n${code}` } };
  },
};


/** No Operation hands its items on: a Code node that returns them (so `$json` after it still reads what came in). */
export const noOpNode: NodeMapper = {
  passThrough: true,
  map: (ctx) => ({ type: 'codeNode', values: { code: wrapN8nCode(ctx, 'return items;') } }),
};
