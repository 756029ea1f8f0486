/**
 * @module editor/stores/debug-store — the builder's debug loop on a past run (docs/debugging.md):
 * "Re-run from here" (a dialog with the recorded outputs the re-run starts from, editable as
 * JSON, and the nodes that would call out again), "Run this node" (the node alone, with what the
 * run recorded before it; its answer shown in the inspector), "Compare" two runs of the history,
 * and "Debug in draft" (a production run's trigger output pinned on the draft).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../api/client.ts';
import type { NodeRunAnswer, RerunPlan, RunComparison } from '../../contract/run-compare.ts';
import type { PinnedOutput } from '../../contract/flow-document.ts';
import type { RunsStore } from './runs-store.ts';
import { toasts } from './toast-store.ts';

/** The open "Re-run from here" dialog. */
export interface RerunDraft {
  runId: string;
  fromNode: string;
  plan: RerunPlan | null;
  /** a node inside a loop body: the iterations the run recorded of it, and the one to start (the last by default) */
  iterations: number[];
  iteration?: number;
  /** node slug → its recorded output as JSON text, as loaded and as edited */
  recorded: Record<string, string>;
  texts: Record<string, string>;
  error: string;
}

export interface DebugHost {
  flowId: string;
  runs: RunsStore;
  /** pin `output` on the draft's node of that slug (an undoable canvas change) */
  pin(slug: string, pinned: PinnedOutput): boolean;
}

const pretty = (value: unknown) => JSON.stringify(value ?? null, null, 2);

export class DebugStore {
  rerun: RerunDraft | null = null;
  starting = false;
  /** the last "Run this node" answer of each node (by slug) and the run its input came from */
  nodeRuns = new Map<string, NodeRunAnswer & { fromRun: string }>();
  /** the node being run alone, while it runs */
  runningNode = '';
  /** the history's runs ticked for comparison (at most two, the older first) */
  picked: string[] = [];
  comparison: RunComparison | null = null;

  constructor(private readonly host: DebugHost) {
    makeAutoObservable<this, 'host'>(this, { host: false }, { autoBind: true });
  }

  async openRerun(runId: string, fromNode: string): Promise<void> {
    this.rerun = { runId, fromNode, plan: null, iterations: [], recorded: {}, texts: {}, error: '' };
    try {
      const [plan, snapshot] = await Promise.all([api.rerunPlan(runId, fromNode), api.run(runId)]);
      // a loop body's node is recorded per iteration (`n#i`): the re-run starts the last one unless another is picked
      const iterations = Object.keys(snapshot.nodes).flatMap((actor) => (actor.startsWith(`${fromNode}#`) ? [Number(actor.slice(fromNode.length + 1))] : [])).sort((a, b) => a - b);
      const iteration = iterations.at(-1);
      runInAction(() => {
        if (this.rerun?.runId !== runId) return;
        Object.assign(this.rerun, { plan, iterations, iteration });
        this.loadRecorded(snapshot.nodes);
      });
    } catch (error) {
      runInAction(() => this.rerun && (this.rerun.error = (error as Error).message));
    }
  }

  /** The outputs the re-run starts from, as recorded: a body node's of the chosen iteration. */
  private loadRecorded(nodes: Record<string, { output?: unknown }>): void {
    const draft = this.rerun;
    if (!draft?.plan) return;
    const recordedOf = (id: string) => (draft.iteration !== undefined && `${id}#${draft.iteration}` in nodes ? nodes[`${id}#${draft.iteration}`] : nodes[id])?.output;
    draft.recorded = Object.fromEntries(draft.plan.inputs.map((n) => [n.nodeId, pretty(recordedOf(n.nodeId))]));
    draft.texts = { ...draft.recorded };
  }

  /** Start the re-run at another recorded iteration of a loop body's node. */
  async pickIteration(iteration: number): Promise<void> {
    const draft = this.rerun;
    if (!draft) return;
    draft.iteration = iteration;
    const { nodes } = await api.run(draft.runId);
    runInAction(() => this.rerun === draft && this.loadRecorded(nodes));
  }

  setRerunText(slug: string, text: string): void {
    if (this.rerun) this.rerun.texts[slug] = text;
  }

  /** slug → why its text is not JSON */
  get rerunProblems(): Record<string, string> {
    const problems: Record<string, string> = {};
    for (const [slug, text] of Object.entries(this.rerun?.texts ?? {})) {
      try {
        JSON.parse(text);
      } catch (error) {
        problems[slug] = `Not valid JSON: ${(error as Error).message}`;
      }
    }
    return problems;
  }

  closeRerun(): void {
    this.rerun = null;
  }

  /** Start the re-run with the edited outputs (only those changed are sent) and follow it on the canvas. */
  async startRerun(): Promise<void> {
    const draft = this.rerun;
    if (!draft || Object.keys(this.rerunProblems).length) return;
    this.starting = true;
    try {
      const unsaved = await this.host.runs.saveFirst();
      if (unsaved) throw new Error(unsaved);
      const edited = Object.entries(draft.texts).filter(([slug, text]) => text !== draft.recorded[slug]);
      const inputs = Object.fromEntries(edited.map(([slug, text]) => [slug, JSON.parse(text) as unknown]));
      const { runId } = await api.rerun(draft.runId, draft.fromNode, inputs, draft.iteration);
      runInAction(() => (this.rerun = null));
      this.host.runs.followTestRun(runId);
    } catch (error) {
      runInAction(() => this.rerun && (this.rerun.error = (error as Error).message));
    } finally {
      runInAction(() => (this.starting = false));
    }
  }

  /** Run one node of the draft alone with what `fromRun` recorded before it; `pasted` (JSON text: node id → output) replaces those outputs. */
  async runNode(slug: string, fromRun: string, pasted?: string): Promise<void> {
    this.runningNode = slug;
    try {
      let input: unknown;
      if (pasted !== undefined) {
        try {
          input = JSON.parse(pasted);
        } catch (error) {
          throw new Error(`The pasted inputs are not valid JSON: ${(error as Error).message}`);
        }
      }
      const unsaved = await this.host.runs.saveFirst();
      if (unsaved) throw new Error(unsaved);
      const answer = await api.runNode(this.host.flowId, slug, input === undefined ? { fromRun } : { fromRun, input });
      runInAction(() => this.nodeRuns.set(slug, { ...answer, fromRun }));
      void this.host.runs.loadHistory();
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    } finally {
      runInAction(() => (this.runningNode = ''));
    }
  }

  /** Tick or untick a history run for comparison; a third tick drops the oldest. */
  togglePick(runId: string): void {
    this.picked = this.picked.includes(runId) ? this.picked.filter((id) => id !== runId) : [...this.picked, runId].slice(-2);
  }

  /** Compare the two ticked runs, the one started first as `a`. */
  async compare(): Promise<void> {
    if (this.picked.length !== 2) return;
    const startedAt = (id: string) => this.host.runs.history.find((r) => r.runId === id)?.startedAt ?? 0;
    const [a, b] = [...this.picked].sort((x, y) => startedAt(x) - startedAt(y));
    try {
      const comparison = await api.compareRuns(a, b);
      runInAction(() => (this.comparison = comparison));
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    }
  }

  closeComparison(): void {
    this.comparison = null;
  }

  /**
   * A production run on the draft: its trigger's output pinned on the draft's trigger and the
   * run's input made the test input, the run shown, ready to re-run from any node.
   */
  async debugInDraft(runId: string): Promise<void> {
    try {
      const snapshot = await api.run(runId);
      const output = snapshot.nodes[snapshot.trigger]?.output ?? snapshot.input ?? {};
      if (!this.host.pin(snapshot.trigger, { output, pinnedAt: Date.now(), runId })) throw new Error(`The draft has no node ${snapshot.trigger}`);
      this.host.runs.setInput(pretty(snapshot.input ?? {}));
      await this.host.runs.open(runId);
      toasts.show(`The trigger input of run ${runId.slice(0, 12)} is pinned on the draft: re-run from any node.`, 'info');
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    }
  }
}
