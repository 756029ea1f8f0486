/**
 * @module runtime/integrations/n8n-import/mapper-types — what one n8n node type's mapper is given and gives
 * back. A mapper turns an n8n node into a weft node (type and values); its `json` says what the
 * n8n node's `$json.<path>` reads in weft, so references to it translate (the webhook's
 * `body.x` is the weft webhook's `x`).
 */
import type { WeftRef } from './expressions.ts';
import type { N8nNode } from './n8n-format.ts';

export interface MapContext {
  node: N8nNode;
  /** the weft id this node gets */
  id: string;
  /** an n8n parameter value in weft: expressions translated (or kept and reported) for `field` */
  value(raw: unknown, field: string): unknown;
  /** the same, as text ('' for nothing; data as JSON) */
  text(raw: unknown, field: string): string;
  /** something of this node that could not be carried over */
  problem(message: string, field?: string): void;
  /** the name of the node's n8n credential, reported: the project needs a weft credential (`kind`) of that name */
  credential(field: string, kind: string): string | undefined;
  /** what `$json.<path>` reads in this node: the output of its (first) input, through nodes that pass their input on */
  input(path?: string[]): WeftRef | null;
  /** the list of the items the node before hands on (what a loop iterates over) */
  inputItems(): WeftRef | null;
  /** the whole weft output of the node before (or of node `name`), with the mapper of its n8n node */
  output(name?: string): { ref: WeftRef; mapper?: NodeMapper } | null;
  /** what `$('name').item.json.<path>` reads */
  ref(name: string, path?: string[]): WeftRef | null;
  /** the n8n nodes connected into this one on input `index` (Merge reads two inputs) */
  inputsAt(index: number): string[];
  /** the n8n sub-nodes connected into this one by `type` (ai_languageModel, ai_memory, ai_tool…); taking them maps them */
  take(type: string): N8nNode[];
}

/** Where an n8n output (by index) leaves in weft: a handle, of the node itself or of its Loop End. */
export interface OutputPort {
  handle: string;
  /** from the Loop End made beside a Loop Over Items */
  fromEnd?: boolean;
}

export interface Mapped {
  type: string;
  values: Record<string, unknown>;
  /** n8n output index → the weft ports its connections leave from; absent: output 0 is 'out', the others have none */
  ports?: (outputIndex: number) => OutputPort[];
  /** make a Loop End beside this For Loop (Loop Over Items) */
  loopEnd?: boolean;
}

/** What `$json.<path>` of an n8n node reads in weft: a path of its output (or of its Loop End's). */
export interface JsonRead {
  path: string[];
  fromEnd?: boolean;
}

export interface NodeMapper {
  /** null: this node's operation has no weft counterpart (the mapper reports why); it becomes a placeholder */
  map(ctx: MapContext): Mapped | null;
  /** absent: the same path of the weft node's output. `viaOutput`: the n8n output the reader is connected to, when known */
  json?: (path: string[], viaOutput: number | undefined, node: N8nNode) => JsonRead | null;
  /** in code: the n8n item's json over this node's weft output (`output`: its JavaScript); absent: the json read of the empty path */
  codeItem?: (output: string) => string;
  /** where the list of this node's n8n items is in its weft output (Postgres: every row); absent: the output itself */
  items?: string[];
  /** n8n hands this node's input on as its output (IF, Switch, Wait…): `$json` after it reads its input */
  passThrough?: boolean;
  /** the weft node is the flow's trigger: references read `trigger` */
  trigger?: boolean;
}

/** The value of an n8n resource locator ({__rl: true, value, mode}) or the value itself. */
export function locatorValue(raw: unknown): unknown {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && '__rl' in raw ? (raw as { value?: unknown }).value : raw;
}

/** A parameter object's field, when the parameter is an object. */
export function field(raw: unknown, key: string): unknown {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>)[key] : undefined;
}

/** A list parameter (n8n's fixedCollection rows), [] when absent. */
export function rows(raw: unknown): Record<string, unknown>[] {
  return Array.isArray(raw) ? raw.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r)) : [];
}
