/**
 * @module editor/stores/flow-session — one open flow's document state: name, version, status,
 * and saving. Edits autosave after a short pause; every save sends the version it started
 * from, and a conflict (the flow changed elsewhere) stops autosave and asks the builder.
 * Edits not on the server are kept in this browser (local-draft) until a save succeeds: a save
 * with no answer or a 5xx retries with backoff; a 4xx refusal is shown and not retried.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { api, ApiError } from '../api/client.ts';
import { dropDraft, isRetryable, keepDraft, retryDelay } from './local-draft.ts';
import type { CheckedFlow, FlowDocument, FlowEdge, FlowNode, StickyNote } from '../../contract/flow-document.ts';

export type SaveState = 'saved' | 'dirty' | 'saving' | 'offline' | 'conflict' | 'error';

export const offlineMessage = 'Offline — kept in this browser, retrying';

export interface FlowGraph {
  nodes: FlowNode[];
  edges: FlowEdge[];
  notes?: StickyNote[];
}

export class FlowSession {
  flow: FlowDocument | null = null;
  saveState: SaveState = 'saved';
  message = '';
  warnings: string[] = [];
  /** the stored draft's structural problems: it is saved, but cannot run or be deployed until they are fixed */
  problems: string[] = [];
  details: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private savedJson = '';
  private again = false;
  private attempt = 0;

  constructor(
    private readonly graph: () => FlowGraph,
    readonly autosaveMs = 800,
  ) {
    makeAutoObservable<this, 'timer' | 'savedJson' | 'again' | 'attempt'>(this, { timer: false, savedJson: false, again: false, attempt: false }, { autoBind: true });
  }

  /** A freshly loaded document: what is on screen is what is saved. */
  loaded(flow: CheckedFlow, graph: FlowGraph): void {
    this.flow = flow;
    this.warnings = flow.warnings;
    this.problems = flow.problems ?? [];
    this.savedJson = this.jsonOf(flow.name, graph);
    this.saveState = 'saved';
    this.message = '';
    this.details = [];
  }

  /** Edits the server does not have yet: leaving the page or the flow should ask first. */
  get unsynced(): boolean {
    return this.saveState !== 'saved';
  }

  /**
   * The canvas shows edits kept in this browser (put there by the studio on opening): save them,
   * from the version they were based on, so a server that moved on meanwhile answers a conflict.
   */
  restored(): void {
    this.savedJson = '';
    this.saveState = 'dirty';
    void this.save();
  }

  /** Keep what is on the canvas in this browser until the server has it. */
  private keepLocally(): void {
    if (!this.flow) return;
    keepDraft({ flowId: this.flow.id, baseVersion: this.flow.version, name: this.flow.name, ...this.graph(), keptAt: Date.now() });
  }

  private jsonOf(name: string, graph: FlowGraph): string {
    return JSON.stringify({ name, ...graph });
  }

  /** Something changed on the canvas or in a form: save soon. */
  changed(): void {
    if (!this.flow) return;
    if (this.saveState === 'conflict' || this.saveState === 'offline') {
      // not saved on every keystroke: a conflict waits for the builder, an outage for its backoff
      this.keepLocally();
      return;
    }
    // a click or a drag that moved nothing is not an edit
    if (this.saveState === 'saved' && this.jsonOf(this.flow.name, this.graph()) === this.savedJson) return;
    if (this.saveState !== 'saving') this.saveState = 'dirty';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), this.autosaveMs);
  }

  rename(name: string): void {
    if (!this.flow || !name.trim()) return;
    this.flow.name = name.trim();
    this.changed();
  }

  async save(force = false): Promise<void> {
    clearTimeout(this.timer);
    const flow = this.flow;
    if (!flow || (this.saveState === 'conflict' && !force)) return;
    if (this.saveState === 'saving') {
      this.again = true;
      return;
    }
    const graph = this.graph();
    const json = this.jsonOf(flow.name, graph);
    if (json === this.savedJson && this.saveState !== 'error') {
      this.saveState = 'saved';
      dropDraft(flow.id);
      return;
    }
    this.saveState = 'saving';
    this.keepLocally();
    try {
      const saved = await api.saveFlow(flow.id, { name: flow.name, version: flow.version, ...graph });
      runInAction(() => {
        this.flow = { ...saved, name: this.flow?.name ?? saved.name };
        this.warnings = saved.warnings;
        this.problems = saved.problems ?? [];
        this.savedJson = json;
        this.saveState = 'saved';
        this.message = '';
        this.details = [];
      });
      this.attempt = 0;
      if (this.jsonOf(this.flow!.name, this.graph()) === json) dropDraft(flow.id);
    } catch (error) {
      this.keepLocally();
      runInAction(() => {
        if (isRetryable(error)) {
          this.saveState = 'offline';
          this.message = offlineMessage;
          this.details = [];
          this.timer = setTimeout(() => void this.save(), retryDelay(this.attempt++));
          return;
        }
        const e = error as ApiError;
        this.saveState = e.code === 'conflict' ? 'conflict' : 'error';
        this.message = `${e.message} Your changes are kept in this browser.`;
        this.details = Array.isArray(e.details) ? (e.details as string[]) : [];
      });
    }
    if (this.again && (this.saveState as SaveState) === 'saved') {
      this.again = false;
      if (this.jsonOf(this.flow!.name, this.graph()) !== this.savedJson) await this.save();
    }
    this.again = false;
  }

  /** Resolve a conflict by keeping these edits: save them over the newer version, knowingly. */
  async overwrite(): Promise<void> {
    if (!this.flow) return;
    const latest = await api.flow(this.flow.id);
    runInAction(() => {
      this.flow = { ...this.flow!, version: latest.version };
      this.saveState = 'dirty';
    });
    this.savedJson = '';
    await this.save(true);
  }

  /** Deploy the draft as a new version (with an optional note), or take the flow out of production. */
  /** `testsOverride`: an owner's note to deploy although the required tests fail */
  async deploy(active: boolean, note?: string, testsOverride?: string): Promise<void> {
    if (!this.flow) return;
    await this.save();
    try {
      const answer = await api.deploy(this.flow.id, active ? 'active' : 'inactive', note, testsOverride);
      runInAction(() => {
        this.adoptDeployment(answer);
        this.message = '';
        this.details = [];
      });
    } catch (error) {
      runInAction(() => {
        this.message = (error as Error).message;
        this.details = ((error as ApiError).details as string[]) ?? [];
      });
      throw error;
    }
  }

  /**
   * The server's answer to a deploy, an undeploy or a rollback: the draft is as it was, but the
   * flow's status, deployed version and revision moved on. The next save starts from that revision
   * (keeping the old one would answer 409 conflict).
   */
  adoptDeployment(answer: FlowDocument): void {
    if (!this.flow) return;
    this.flow = { ...this.flow, status: answer.status, version: answer.version, deployedVersion: answer.deployedVersion };
  }

  /** Leaving (tab closed, another page): edits not yet on the server stay in this browser. */
  keepUnsynced(): void {
    if (this.unsynced) this.keepLocally();
  }

  dispose(): void {
    this.keepUnsynced();
    clearTimeout(this.timer);
  }
}
