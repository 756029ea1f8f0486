/**
 * @module runtime/integrations/n8n-import/references — what an n8n reference reads in weft. `$json` in a node
 * is the output of the node before it; through nodes that hand their input on (IF, Switch, Wait,
 * Respond to Webhook) it is the output of the node before those; the target's mapper then says
 * which path of its weft output holds the data (`NodeMapper.json`); a trigger is read as `trigger`.
 */
import { TRIGGER_ALIAS } from '../../../catalogue/template.ts';
import type { RefBase, WeftRef } from './expressions.ts';
import type { NodeMapper } from './mapper-types.ts';
import type { N8nNode } from './n8n-format.ts';
import type { N8nGraph } from './n8n-graph.ts';
import { NODE_TABLE } from './node-table.ts';

export interface ImportedIds {
  /** the weft id of each n8n node that becomes a weft node, by n8n name */
  idOf: Map<string, string>;
  /** the weft id of the Loop End made for a Loop Over Items, by its n8n name */
  endOf: (name: string) => string;
}

export class References {
  constructor(
    private readonly graph: N8nGraph,
    private readonly nodes: Map<string, N8nNode>,
    private readonly ids: ImportedIds,
  ) {}

  private mapperOf(name: string): NodeMapper | undefined {
    const node = this.nodes.get(name);
    return node ? NODE_TABLE[node.type] : undefined;
  }

  /** The n8n nodes feeding `name` (first input first), without repeats. */
  sources(name: string): string[] {
    return [...new Set(this.graph.forwardInputsOf(name).sort((a, b) => a.inputIndex - b.inputIndex).map((l) => l.source))];
  }

  /** The n8n node `base` stands for from within `from` (through nodes that hand their input on), and the output it came by. */
  private walk(from: string, base: RefBase): { target: string; via?: number } | null {
    let target: string;
    let via: number | undefined;
    if (base.kind === 'input') {
      const [first] = this.graph.forwardInputsOf(from);
      if (!first) return null;
      [target, via] = [first.source, first.outputIndex];
    } else {
      target = base.name;
    }
    for (let hops = 0; this.mapperOf(target)?.passThrough; hops++) {
      const [first] = this.graph.forwardInputsOf(target);
      if (!first || hops > this.nodes.size) return null;
      [target, via] = [first.source, first.outputIndex];
    }
    return { target, via };
  }

  /**
   * What `base` + `path` read from within node `from`; null when weft has no such data. With
   * `items`, the list of the target's n8n items instead (what a loop iterates over).
   */
  resolve(from: string, base: RefBase, path: string[], items = false): WeftRef | null {
    const found = this.walk(from, base);
    const node = found && this.nodes.get(found.target);
    const id = found && this.ids.idOf.get(found.target);
    if (!found || !node || !id) return null;
    const mapper = this.mapperOf(found.target);
    const read = items && mapper?.items ? { path: mapper.items } : mapper?.json ? mapper.json(path, found.via, node) : { path };
    if (!read) return null;
    if (mapper?.trigger) return { id: TRIGGER_ALIAS, path: read.path };
    return { id: read.fromEnd ? this.ids.endOf(found.target) : id, path: read.path };
  }

  /** The whole weft output `base` stands for, with the mapper of its n8n node (Code reads n8n items over it). */
  output(from: string, base: RefBase): { ref: WeftRef; mapper?: NodeMapper } | null {
    const found = this.walk(from, base);
    const id = found && this.ids.idOf.get(found.target);
    if (!found || !id) return null;
    const mapper = this.mapperOf(found.target);
    return { ref: { id: mapper?.trigger ? TRIGGER_ALIAS : id, path: [] }, mapper };
  }
}
