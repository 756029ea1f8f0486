/**
 * @module editor/stores/config-store — each node's configuration, keyed by its canvas id: its
 * type, its slug (the id templates use), its field values, retry and on-error settings, and
 * whether it is disabled or has its output pinned. Rete holds where
 * nodes are and how they connect; this store holds what they are set to.
 */
import { action, makeObservable, observable, toJS } from 'mobx';
import type { NodeDefinition, Values } from '../../catalogue/types.ts';
import type { OnError } from '../../contract/errors.ts';
import type { PinnedOutput } from '../../contract/flow-document.ts';
import { renameRefs } from '../../catalogue/template.ts';
import { validateValues } from '../../catalogue/values.ts';

export interface NodeConfig {
  /** the canvas (Rete) id: stable while the slug changes */
  id: string;
  type: string;
  slug: string;
  values: Values;
  retry?: { retries: number; delay: number };
  /** absent: 'stop', the default */
  onError?: OnError;
  /** kept on the canvas, never run: skipped, its messages pass on as skips */
  disabled?: true;
  /** an output taken from a run: test runs hand it on instead of running the node */
  pinned?: PinnedOutput;
}

/** A node's switches beside its values: set from the canvas's right-click menu. */
export type NodeSwitch = 'disabled' | 'pinned';

export const SLUG_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Point code's `outputs.old` and `outputs['old']` (any quote, optional chaining) at `slug`. */
export function renameCodeRefs(code: string, old: string, slug: string): string {
  const name = old.replace(/[$]/g, '\\$&');
  return code
    .replace(new RegExp(`(\\boutputs\\s*\\??\\.\\s*)${name}(?![\\w$])`, 'g'), `$1${slug}`)
    .replace(new RegExp(`(\\boutputs\\s*(?:\\?\\.)?\\[\\s*(['"\`]))${name}(\\2\\s*\\])`, 'g'), `$1${slug}$3`);
}

/** The slug stem of a node type: webhookTriggerNode → webhookTrigger. */
export function slugStem(type: string): string {
  const stem = type.replace(/Node$/, '');
  return SLUG_PATTERN.test(stem) && stem.length > 1 ? stem : 'node';
}

export class ConfigStore {
  /** the nodes on the canvas now */
  readonly nodes = observable.map<string, NodeConfig>();
  /** removed nodes, kept for undo to bring back (their slugs stay taken) */
  private readonly parked = new Map<string, NodeConfig>();
  /** bumped on every change, so autosave and problem lists can react to any edit */
  revision = 0;
  /** how many connections lead into each node (the canvas keeps it current): unconnected nodes are a problem */
  readonly inbound = observable.map<string, number>();

  constructor() {
    makeObservable(this, { revision: observable, add: action, remove: action, park: action, restore: action, setValue: action, setRetry: action, setOnError: action, setSwitch: action, rename: action, clear: action, replaceValues: action, countInbound: action });
  }

  add(config: NodeConfig): void {
    this.nodes.set(config.id, { ...config, values: config.values ?? {} });
    this.revision++;
  }

  remove(id: string): void {
    this.nodes.delete(id);
    this.revision++;
  }

  /** A node left the canvas: it no longer counts (the deploy view, slugs), but undo may restore it. */
  park(id: string): void {
    const config = this.nodes.get(id);
    if (!config) return;
    this.parked.set(id, config);
    this.remove(id);
  }

  /** A removed node came back (undo, redo): its configuration comes back with it. */
  restore(id: string): void {
    const config = this.parked.get(id);
    if (!config || this.nodes.has(id)) return;
    this.parked.delete(id);
    this.add(config);
  }

  countInbound(nodeId: string, delta: number): void {
    const next = (this.inbound.get(nodeId) ?? 0) + delta;
    if (next > 0) this.inbound.set(nodeId, next);
    else this.inbound.delete(nodeId);
  }

  clear(): void {
    this.inbound.clear();
    this.nodes.clear();
    this.parked.clear();
    this.revision++;
  }

  get(id: string): NodeConfig | undefined {
    return this.nodes.get(id);
  }

  bySlug(slug: string): NodeConfig | undefined {
    for (const node of this.nodes.values()) if (node.slug === slug) return node;
    return undefined;
  }

  /** A fresh slug for a new node of this type, avoiding `taken` too (paste, imports). */
  nextSlug(type: string, taken: Iterable<string> = []): string {
    const used = new Set([...[...this.nodes.values(), ...this.parked.values()].map((n) => n.slug), ...taken]);
    const stem = slugStem(type);
    for (let i = 1; ; i++) if (!used.has(`${stem}_${i}`)) return `${stem}_${i}`;
  }

  setValue(id: string, field: string, value: unknown): void {
    const node = this.nodes.get(id);
    if (!node) return;
    if (value === undefined) delete node.values[field];
    else node.values[field] = value;
    this.revision++;
  }

  replaceValues(id: string, values: Values): void {
    const node = this.nodes.get(id);
    if (!node) return;
    node.values = values;
    this.revision++;
  }

  setRetry(id: string, retry: NodeConfig['retry']): void {
    const node = this.nodes.get(id);
    if (!node) return;
    node.retry = retry;
    this.revision++;
  }

  setOnError(id: string, onError: OnError): void {
    const node = this.nodes.get(id);
    if (!node) return;
    if (onError === 'continue') node.onError = onError;
    else delete node.onError;
    this.revision++;
  }

  /** Disable or enable a node (true or undefined), pin or unpin its output (a pin or undefined). */
  setSwitch<K extends NodeSwitch>(id: string, key: K, value: NodeConfig[K]): void {
    const node = this.nodes.get(id);
    if (!node) return;
    if (value === undefined) delete node[key];
    else node[key] = value;
    this.revision++;
  }

  /** Why `slug` cannot be this node's new slug, or '' when it can. */
  slugProblem(id: string, slug: string, isTrigger: boolean): string {
    if (!SLUG_PATTERN.test(slug)) return 'Use letters, digits and _ (not starting with a digit)';
    if (slug === 'trigger' && !isTrigger) return "'trigger' is the alias of the flow's trigger";
    const other = this.bySlug(slug);
    if (other && other.id !== id) return `Another node is already called ${slug}`;
    return '';
  }

  /**
   * Rename a node's slug and rewrite every `{{old.…}}` reference in every node, and in code
   * (`literalFields` of a node type) every `outputs.old` / `outputs['old']`.
   */
  rename(id: string, slug: string, literalFields: (type: string) => string[] = () => []): void {
    const node = this.nodes.get(id);
    if (!node || node.slug === slug) return;
    const old = node.slug;
    for (const other of this.nodes.values()) {
      const values = toJS(other.values);
      const renamed = renameRefs(values, old, slug) as Values;
      for (const field of literalFields(other.type)) {
        if (typeof renamed[field] === 'string') renamed[field] = renameCodeRefs(renamed[field] as string, old, slug);
      }
      if (JSON.stringify(renamed) !== JSON.stringify(values)) other.values = renamed;
    }
    node.slug = slug;
    this.revision++;
  }

  /** Missing required fields and invalid values, in the catalogue's own words. */
  problems(id: string, definition: NodeDefinition | undefined): string[] {
    const node = this.nodes.get(id);
    if (!node) return [];
    if (!definition) return [`Unknown node type ${node.type}`];
    return validateValues(definition, toJS(node.values)).map((p) => p.message);
  }
}
