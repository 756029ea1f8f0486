/**
 * @module editor/stores/studio — everything one open flow needs, wired together: the config,
 * selection and run stores, the save session, the run panel, and (once mounted) the canvas.
 */
import { makeAutoObservable, reaction, runInAction, toJS } from 'mobx';
import { api } from '../api/client.ts';
import { flowLookup, templateProblems, type NodeLookup } from '../../catalogue/template-checks.ts';
import type { CheckedFlow, PinnedOutput } from '../../contract/flow-document.ts';
import type { DefaultModels } from '../../contract/models.ts';
import { CanvasCommands } from '../canvas/canvas-commands.ts';
import { CanvasController } from '../canvas/canvas-controller.ts';
import type { CanvasStores } from '../canvas/canvas-stores.ts';
import { bindBoxSelect } from '../canvas/box-select.ts';
import { bindConnectionDrop, ConnectionDrop } from '../canvas/connection-drop.ts';
import { bindKeyboard } from '../canvas/keyboard.ts';
import { bindNoteKeys } from '../canvas/sticky-notes/note-keys.ts';
import { mountNotesLayer } from '../canvas/sticky-notes/notes-layer.tsx';
import { StickyNotes } from '../canvas/sticky-notes/notes-store.ts';
import { ContextMenuStore, type MenuAt } from '../canvas/context-menu.tsx';
import { edgeMenuItems, nodeMenuItems } from '../canvas/node-menu.ts';
import type { CatalogueStore } from './catalogue-store.ts';
import { ConfigStore } from './config-store.ts';
import { DebugStore } from './debug-store.ts';
import { FlowSession, type FlowGraph } from './flow-session.ts';
import { warnBeforeUnload } from './leave-guard.ts';
import { problemsByNode } from './draft-problems.ts';
import { dropDraft, readDraft } from './local-draft.ts';
import { ProjectCredentials } from './project-credentials.ts';
import { RunStage } from './run-stage.ts';
import { RunsStore } from './runs-store.ts';
import { SearchTest } from './search-test.ts';
import { SelectionStore } from './selection-store.ts';
import { TestsStore } from './tests-store.ts';
import { ChatTest } from './chat-test.ts';
import { VersionsStore } from './versions-store.ts';

/** 'chat' and 'search' are the test panes of a chat or search flow */
export type SideTab = 'configure' | 'run' | 'chat' | 'search' | 'tests' | 'deploy' | 'actors';

export class Studio implements CanvasStores {
  readonly config = new ConfigStore();
  readonly selection = new SelectionStore();
  readonly stage = new RunStage();
  readonly credentials = new ProjectCredentials();
  readonly notes = new StickyNotes();
  /** a connection dropped on the empty canvas, asking which node to add there */
  readonly connectionDrop = new ConnectionDrop();
  /** the canvas's right-click menu (nodes, edges) */
  readonly menu = new ContextMenuStore();
  readonly session: FlowSession;
  readonly runs: RunsStore;
  readonly chat: ChatTest;
  readonly search: SearchTest;
  readonly versions: VersionsStore;
  readonly tests: TestsStore;
  /** re-run from a node, run one node, compare runs, debug a production run (debug-store.ts) */
  readonly debug: DebugStore;
  canvas: CanvasController | null = null;
  commands: CanvasCommands | null = null;
  tab: SideTab = 'configure';
  loadError = '';
  /** the project's default models, for empty model fields (undefined until known) */
  defaultModels: DefaultModels | undefined = undefined;
  private cleanups: (() => void)[] = [];

  constructor(
    readonly flowId: string,
    readonly catalogue: CatalogueStore,
  ) {
    this.session = new FlowSession(() => this.graph());
    this.runs = new RunsStore(flowId, this.session, this.stage, () => this.canvas?.serialize().nodes ?? []);
    const testRuns = (responseType: string) => ({ start: this.runs.start, refusal: () => this.runs.refusal, responseNodes: () => this.slugsOf(responseType) });
    this.chat = new ChatTest(testRuns('chatResponseNode'));
    this.search = new SearchTest(testRuns('searchResponseNode'));
    this.versions = new VersionsStore(flowId, this.session);
    this.tests = new TestsStore(flowId, () => this.session.save());
    this.debug = new DebugStore({ flowId, runs: this.runs, pin: (slug, pinned) => this.pinOutput(slug, pinned) });
    makeAutoObservable<this, 'cleanups'>(
      this,
      { config: false, selection: false, stage: false, credentials: false, notes: false, menu: false, connectionDrop: false, graph: false, session: false, runs: false, chat: false, search: false, versions: false, tests: false, debug: false, catalogue: false, canvas: false, commands: false, cleanups: false, problems: false },
      { autoBind: true },
    );
    this.cleanups.push(reaction(() => this.config.revision, () => this.canvas && this.session.changed()));
    this.cleanups.push(reaction(() => this.notes.revision, () => this.canvas && this.session.changed()));
    // nodes selected (a click, a box, Ctrl+A): Delete is theirs, not the note's picked before
    this.cleanups.push(reaction(() => this.selection.selected.size > 0, (nodes) => nodes && this.notes.select(null)));
  }

  /** What is saved: the canvas's nodes and edges, and the sticky notes. */
  graph(): FlowGraph {
    return { ...(this.canvas?.serialize() ?? { nodes: [], edges: [] }), notes: this.notes.serialize() };
  }

  /** One action from the run history: a test case made of the run (its input, its answer expected), open in the Tests tab to edit. */
  async makeTestCase(runId: string): Promise<void> {
    if (await this.tests.fromRun(runId)) this.setTab('tests');
  }

  /** Add a sticky note in the middle of the view, open for typing. */
  addNote(): void {
    if (this.canvas) this.notes.add(this.canvas.viewportCenter());
  }

  setTab(tab: SideTab): void {
    this.tab = tab;
  }

  /** The trigger's widget, when it has one: its flows get a chat pane or a search box to test with. */
  get widget(): 'chat' | 'search' | null {
    for (const node of this.config.nodes.values()) {
      if (node.type === 'chatTriggerNode') return 'chat';
      if (node.type === 'searchTriggerNode') return 'search';
    }
    return null;
  }

  /** The ids runs know the nodes of a type by. */
  private slugsOf(type: string): string[] {
    return [...this.config.nodes.values()].filter((node) => node.type === type).map((node) => node.slug);
  }

  /** The flow's nodes by slug (`trigger`: its trigger), for the template checks. */
  get nodeLookup(): NodeLookup {
    return flowLookup([...this.config.nodes.values()].map((n) => ({ id: n.slug, definition: this.catalogue.get(n.type) })));
  }

  /** The slug of the flow's trigger, if it has one. */
  get triggerSlug(): string | undefined {
    return [...this.config.nodes.values()].find((n) => this.catalogue.get(n.type)?.isTrigger)?.slug;
  }

  /** Problems shown on a node before any run (none on a disabled node: it never runs). */
  problems(nodeId: string): string[] {
    const config = this.config.get(nodeId);
    if (!config || config.disabled) return [];
    const definition = this.catalogue.get(config.type);
    const problems = this.config.problems(nodeId, definition);
    if (definition) problems.push(...templateProblems(definition, toJS(config.values), this.nodeLookup).map((p) => p.message));
    if (definition) problems.push(...this.credentials.problems(definition.inputs, this.config.get(nodeId)?.values ?? {}));
    if (definition && !definition.isTrigger && !this.config.inbound.has(nodeId)) {
      problems.push('Not connected: nothing leads into this node');
    }
    // the saved draft's structural problems that name this node (a loop without its end, a cycle…)
    problems.push(...(problemsByNode(this.session.problems, [config.slug]).get(config.slug) ?? []));
    return problems;
  }

  onNodeClick(nodeId: string): void {
    this.selection.focus(nodeId);
    if (this.tab !== 'run' || !this.stage.active) this.tab = 'configure';
  }

  onEdgeClick(edgeId: string): void {
    void this.canvas?.selectEdge(edgeId);
  }

  onNodeMenu(nodeId: string, at: MenuAt): void {
    const { canvas, commands } = this;
    if (!canvas || !commands) return;
    // the menu acts on this node: it is what the side panel shows too (a selection it is part of stays)
    if (!this.selection.isSelected(nodeId)) void canvas.selectOnly(nodeId);
    this.onNodeClick(nodeId);
    const items = nodeMenuItems(
      { commands, config: this.config, catalogue: this.catalogue, lastOutput: this.lastOutput, openPage: (href) => window.open(href, '_blank', 'noopener') },
      nodeId,
    );
    this.menu.show(at, items, `Node ${this.config.get(nodeId)?.slug ?? ''}`);
  }

  onEdgeMenu(edgeId: string, at: MenuAt): void {
    if (!this.canvas || !this.commands) return;
    void this.canvas.selectEdge(edgeId);
    const breakpoint = { on: this.runs.breakpoints.has(edgeId), toggle: () => void this.runs.toggleBreakpoint(edgeId) };
    this.menu.show(at, edgeMenuItems(this.commands, edgeId, breakpoint), 'Connection');
  }

  hasBreakpoint(edgeId: string): boolean {
    return this.runs.breakpoints.has(edgeId);
  }

  /** A node's output in the run shown on the canvas, when it completed there (what Pin output takes). */
  lastOutput(slug: string): { output: unknown; runId: string } | null {
    const view = this.stage.focused;
    const run = view?.nodes.get(slug);
    if (!view || run?.state !== 'completed' || run.output === undefined || run.error) return null;
    return { output: run.output, runId: view.runId };
  }

  /** Pin an output on the draft's node of that slug, as Pin output does (undoable); false when there is no such node. */
  pinOutput(slug: string, pinned: PinnedOutput): boolean {
    const id = this.config.bySlug(slug)?.id;
    if (!id || !this.commands) return false;
    this.commands.setSwitch(id, 'pinned', pinned);
    return true;
  }

  /** Mount the canvas into `container` and load the flow into it. */
  /** `debug`: open `runId` on the draft with its trigger input pinned (a production run's log record's action). */
  async mount(container: HTMLElement, runId?: string, debug = false): Promise<void> {
    // the flow is fetched while the catalogue loads (a failure is shown below)
    const fetched = api.flow(this.flowId);
    fetched.catch(() => {});
    await this.catalogue.load();
    const canvas = new CanvasController(container, this, () => this.session.changed());
    const commands = new CanvasCommands(canvas);
    this.canvas = canvas;
    this.commands = commands;
    this.stage.sourceOf = canvas.edgeSource;
    this.cleanups.push(
      bindKeyboard(canvas, commands, () => void this.session.save()),
      bindBoxSelect(canvas),
      mountNotesLayer(canvas, this.notes),
      bindNoteKeys(this.notes, () => this.addNote()),
      bindConnectionDrop(canvas, this.connectionDrop),
      () => canvas.destroy(),
      warnBeforeUnload(this.session),
    );
    try {
      performance.mark('weft:canvas-created');
      const flow = await fetched;
      performance.mark('weft:flow-fetched');
      void this.credentials.load(flow.projectId);
      // unknown stays unknown on a failure: the form then says nothing rather than something wrong
      api.defaultModels(flow.projectId).then((models) => runInAction(() => (this.defaultModels = models)), () => undefined);
      await this.showWithDraft(flow);
      performance.mark('weft:flow-drawn');
      await commands.fit();
      performance.mark('weft:fitted');
      // tests and the benchmark wait for this: the flow is on screen and fitted
      container.dataset.ready = 'true';
      void this.runs.loadHistory();
      if (runId) {
        this.setTab('run');
        if (debug) await this.debug.debugInDraft(runId);
        else await this.runs.open(runId);
      }
    } catch (error) {
      runInAction(() => (this.loadError = (error as Error).message));
    }
  }

  /** Put a document on the canvas (first load, or "reload theirs" after a conflict). */
  async show(flow: CheckedFlow): Promise<void> {
    if (!this.canvas) return;
    this.notes.load(flow.notes ?? []);
    await this.canvas.load(flow);
    this.session.loaded(flow, this.graph());
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
    await this.show({ ...flow, version: draft.baseVersion, name: draft.name, nodes: draft.nodes, edges: draft.edges, notes: draft.notes ?? flow.notes });
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
    this.chat.dispose();
    this.search.dispose();
    this.versions.dispose();
    this.tests.dispose();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }
}
