/**
 * @module editor/stores/studio — everything one open flow needs, wired together: the config,
 * selection and run stores, the save session, the run panel, and (once mounted) the canvas.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { api } from '../api/client.ts';
import type { CheckedFlow } from '../../contract/flow-document.ts';
import { CanvasCommands } from '../canvas/canvas-commands.ts';
import { CanvasController } from '../canvas/canvas-controller.ts';
import type { CanvasStores } from '../canvas/canvas-stores.ts';
import { bindBoxSelect } from '../canvas/box-select.ts';
import { bindKeyboard } from '../canvas/keyboard.ts';
import type { CatalogueStore } from './catalogue-store.ts';
import { ConfigStore } from './config-store.ts';
import { FlowSession } from './flow-session.ts';
import { warnBeforeUnload } from './leave-guard.ts';
import { dropDraft, readDraft } from './local-draft.ts';
import { ProjectCredentials } from './project-credentials.ts';
import { RunStage } from './run-stage.ts';
import { RunsStore } from './runs-store.ts';
import { SelectionStore } from './selection-store.ts';

export type SideTab = 'configure' | 'run' | 'deploy' | 'actors';

export class Studio implements CanvasStores {
  readonly config = new ConfigStore();
  readonly selection = new SelectionStore();
  readonly stage = new RunStage();
  readonly credentials = new ProjectCredentials();
  readonly session: FlowSession;
  readonly runs: RunsStore;
  canvas: CanvasController | null = null;
  commands: CanvasCommands | null = null;
  tab: SideTab = 'configure';
  loadError = '';
  private cleanups: (() => void)[] = [];

  constructor(
    readonly flowId: string,
    readonly catalogue: CatalogueStore,
  ) {
    this.session = new FlowSession(() => this.canvas?.serialize() ?? { nodes: [], edges: [] });
    this.runs = new RunsStore(flowId, this.session, this.stage, () => this.canvas?.serialize().nodes ?? []);
    makeAutoObservable<this, 'cleanups'>(
      this,
      { config: false, selection: false, stage: false, credentials: false, session: false, runs: false, catalogue: false, canvas: false, commands: false, cleanups: false, problems: false },
      { autoBind: true },
    );
    this.cleanups.push(reaction(() => this.config.revision, () => this.canvas && this.session.changed()));
  }

  setTab(tab: SideTab): void {
    this.tab = tab;
  }

  /** Problems shown on a node before any run. */
  problems(nodeId: string): string[] {
    const config = this.config.get(nodeId);
    if (!config) return [];
    const definition = this.catalogue.get(config.type);
    const problems = this.config.problems(nodeId, definition);
    if (definition) problems.push(...this.credentials.problems(definition.inputs, this.config.get(nodeId)?.values ?? {}));
    if (definition && !definition.isTrigger && !this.config.inbound.has(nodeId)) {
      problems.push('Not connected: nothing leads into this node');
    }
    return problems;
  }

  onNodeClick(nodeId: string): void {
    this.selection.focus(nodeId);
    if (this.tab !== 'run' || !this.stage.active) this.tab = 'configure';
  }

  onEdgeClick(edgeId: string): void {
    void this.canvas?.selectEdge(edgeId);
  }

  /** Mount the canvas into `container` and load the flow into it. */
  async mount(container: HTMLElement, runId?: string): Promise<void> {
    // the flow is fetched while the catalogue loads (a failure is shown below)
    const fetched = api.flow(this.flowId);
    fetched.catch(() => {});
    await this.catalogue.load();
    const canvas = new CanvasController(container, this, () => this.session.changed());
    const commands = new CanvasCommands(canvas);
    this.canvas = canvas;
    this.commands = commands;
    this.stage.sourceOf = canvas.edgeSource;
    this.cleanups.push(bindKeyboard(canvas, commands, () => void this.session.save()), bindBoxSelect(canvas), () => canvas.destroy(), warnBeforeUnload(this.session));
    try {
      performance.mark('weft:canvas-created');
      const flow = await fetched;
      performance.mark('weft:flow-fetched');
      void this.credentials.load(flow.projectId);
      await this.showWithDraft(flow);
      performance.mark('weft:flow-drawn');
      await commands.fit();
      performance.mark('weft:fitted');
      // tests and the benchmark wait for this: the flow is on screen and fitted
      container.dataset.ready = 'true';
      void this.runs.loadHistory();
      if (runId) {
        this.setTab('run');
        await this.runs.open(runId);
      }
    } catch (error) {
      runInAction(() => (this.loadError = (error as Error).message));
    }
  }

  /** Put a document on the canvas (first load, or "reload theirs" after a conflict). */
  async show(flow: CheckedFlow): Promise<void> {
    if (!this.canvas) return;
    await this.canvas.load(flow);
    this.session.loaded(flow, this.canvas.serialize());
    this.runs.offerSample();
  }

  /**
   * Open the flow, with the edits this browser kept when they never reached the server: they are
   * shown and saved from the version they were based on, so when the server's version moved on
   * meanwhile the save answers a conflict and the builder chooses (nothing is overwritten).
   */
  private async showWithDraft(flow: CheckedFlow): Promise<void> {
    const draft = readDraft(flow.id);
    if (!draft) return this.show(flow);
    await this.show({ ...flow, version: draft.baseVersion, name: draft.name, nodes: draft.nodes, edges: draft.edges });
    this.session.restored();
  }

  async reloadTheirs(): Promise<void> {
    // the builder chose the server's version over the edits kept in this browser
    dropDraft(this.flowId);
    const flow = await api.flow(this.flowId);
    await this.show(flow);
  }

  dispose(): void {
    this.session.dispose();
    this.runs.dispose();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}
