/**
 * @module editor/stores/runs-store — the run panel's state for one flow: the test input
 * (remembered per flow once edited; until then a sample fitting the trigger, or on request the
 * last production call's body), starting a test run (or saying beside Run why it was refused)
 * and following it live, the run history,
 * replaying a past run, and "watch live" for every run of the flow as it happens.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { api } from '../api/client.ts';
import { openEventStream, type EventStream, type StreamStatus } from '../api/event-stream.ts';
import type { RunEvent } from '../../contract/run-events.ts';
import type { FlowNode } from '../../contract/flow-document.ts';
import type { RunSummary } from '../../contract/runs.ts';
import type { FlowSession } from './flow-session.ts';
import { RunPlayer } from './run-player.ts';
import type { RunStage } from './run-stage.ts';
import { isRunOver, RunView } from './run-view.ts';
import { sampleInput } from './sample-input.ts';
import { toasts } from './toast-store.ts';

const liveColors = ['#6366f1', '#0ea5e9', '#f97316', '#10b981', '#e11d48', '#a855f7'];
const inputKey = (flowId: string) => `weft:run-input:${flowId}`;

export class RunsStore {
  input = '{}';
  /** why the last Run was refused, shown beside the Run button until a run starts */
  refusal = '';
  history: RunSummary[] = [];
  player: RunPlayer | null = null;
  streamStatus: StreamStatus = 'closed';
  watching = false;
  liveStatus: StreamStatus = 'closed';
  busy = false;
  /** edge id → its breakpoint's condition ('' none): the next test runs stop there, and a running one is told at once (docs/debugging.md#breakpoints) */
  readonly breakpoints = new Map<string, string>();
  private stream: EventStream | null = null;
  private live: EventStream | null = null;
  private colorIndex = 0;

  constructor(
    readonly flowId: string,
    private readonly session: FlowSession,
    readonly stage: RunStage,
    private readonly nodes: () => FlowNode[],
  ) {
    this.input = localStorage.getItem(inputKey(flowId)) ?? '{}';
    makeAutoObservable<this, 'stream' | 'live' | 'colorIndex' | 'nodes'>(this, { stream: false, live: false, colorIndex: false, stage: false, nodes: false }, { autoBind: true });
  }

  /** The flow is on the canvas: a builder who never typed an input starts from the trigger's sample. */
  offerSample(): void {
    if (localStorage.getItem(inputKey(this.flowId)) === null) this.input = pretty(sampleInput(this.nodes()));
  }

  /** Replace the input with a sample fitting the trigger as it is now. */
  useSample(): void {
    this.setInput(pretty(sampleInput(this.nodes())));
  }

  /** Replace the input with the body of this flow's last production call. */
  async useLastCall(): Promise<void> {
    const projectId = this.session.flow?.projectId;
    if (!projectId) return;
    try {
      const { items } = await api.logs(projectId, { flowId: this.flowId, limit: 1 });
      if (!items[0]) return void toasts.show('This flow has had no production call yet.', 'info');
      this.setInput(pretty(items[0].request.body ?? {}));
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    }
  }

  setInput(text: string): void {
    this.input = text;
    localStorage.setItem(inputKey(this.flowId), text);
  }

  get inputError(): string {
    try {
      JSON.parse(this.input || 'null');
      return '';
    } catch (error) {
      return `The input is not valid JSON: ${(error as Error).message}`;
    }
  }

  get current(): RunView | null {
    return this.stage.focused;
  }

  async loadHistory(): Promise<void> {
    const history = await api.runs(this.flowId).catch(() => this.history);
    runInAction(() => (this.history = history));
  }

  /** Save, start a test run with the typed input, and follow it on the canvas. */
  async run(): Promise<string | null> {
    if (this.inputError) return this.refuse(this.inputError), null;
    return this.start(JSON.parse(this.input || 'null'));
  }

  /**
   * Save, start a test run of the flow with `input` (the Run button's, or the chat and search
   * panes'), and follow it on the canvas; null when it was refused, and `refusal` says why.
   */
  async start(input: unknown): Promise<string | null> {
    this.busy = true;
    try {
      const unsaved = await this.saveFirst();
      if (unsaved) return this.refuse(unsaved), null;
      const { runId } = await api.startRun(this.flowId, input, this.breakpointList());
      runInAction(() => (this.refusal = ''));
      this.followTestRun(runId);
      return runId;
    } catch (error) {
      this.refuse((error as Error).message);
      return null;
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Save the draft (what a test run runs): '' when saved, else why it could not be. */
  async saveFirst(): Promise<string> {
    await this.session.save();
    const failed = this.session.saveState === 'conflict' || this.session.saveState === 'error';
    return failed ? `Save the flow before running it: ${this.session.message}` : '';
  }

  /** Show a test run just started (a Run, a re-run) on the canvas as it happens. */
  followTestRun(runId: string): void {
    this.follow(new RunView(runId, liveColors[0], 'test', this.stage.sourceOf));
    void this.loadHistory();
  }

  /** A Run that did not start: said beside the Run button, where the builder is looking. */
  private refuse(message: string): void {
    runInAction(() => (this.refusal = message));
  }

  /** Show a run as it happens; after a dropped connection the snapshot fills any gap. */
  follow(view: RunView): void {
    this.stopStream();
    this.player?.dispose();
    this.player = null;
    this.stage.show(view);
    const reconcile = async () => {
      const snapshot = await api.run(view.runId).catch(() => null);
      await view.whenDrained();
      if (snapshot) view.reconcile(snapshot);
    };
    this.stream = openEventStream(`/api/runs/${encodeURIComponent(view.runId)}/events`, {
      endOnFinish: true,
      onEvent: (event) => view.push(event),
      onStatus: (status) => {
        runInAction(() => (this.streamStatus = status));
        if (status === 'closed') void reconcile().then(() => this.loadHistory());
      },
      onReconnect: () => void reconcile(),
    });
  }

  private breakpointList(): { edge: string; condition?: string }[] {
    return [...this.breakpoints].map(([edge, condition]) => (condition.trim() ? { edge, condition: condition.trim() } : { edge }));
  }

  /** The test run shown, while it runs and is followed (not a replay, not watched live): breakpoints apply to it. */
  get debuggable(): RunView | null {
    const view = this.current;
    return view && view.mode === 'test' && !isRunOver(view.status) && !this.player && !this.watching ? view : null;
  }

  /** Set or remove the breakpoint on an edge; the test run shown, if it still runs, gets the new set. */
  async toggleBreakpoint(edgeId: string): Promise<void> {
    if (this.breakpoints.has(edgeId)) this.breakpoints.delete(edgeId);
    else this.breakpoints.set(edgeId, '');
    await this.tellRunningRun();
  }

  /** A breakpoint's condition (an expression over the message, e.g. `{{message.output.total}} > 100`; '' stops on every message). */
  async setBreakpointCondition(edgeId: string, condition: string): Promise<void> {
    if (!this.breakpoints.has(edgeId)) return;
    this.breakpoints.set(edgeId, condition);
    await this.tellRunningRun();
  }

  private async tellRunningRun(): Promise<void> {
    const view = this.debuggable;
    if (view) await api.setBreakpoints(view.runId, this.breakpointList()).catch((e: Error) => toasts.show(e.message, 'error'));
  }

  /** Step, continue or abort the paused test run shown; `message` (JSON text) replaces the held message when given. */
  async debug(action: 'step' | 'continue' | 'abort', message?: string): Promise<void> {
    const view = this.debuggable;
    if (!view?.paused) return;
    try {
      await api.debugRun(view.runId, action, message === undefined ? undefined : { value: JSON.parse(message) as unknown });
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    }
  }

  async cancel(): Promise<void> {
    const view = this.current;
    if (view) await api.cancelRun(view.runId).catch((e: Error) => toasts.show(e.message, 'error'));
  }

  /** Open a past run: a finished one is replayed from its events, a running one followed live. */
  async open(runId: string): Promise<void> {
    this.stopStream();
    const snapshot = await api.run(runId).catch((e: Error) => (toasts.show(e.message, 'error'), null));
    if (!snapshot) return;
    const view = new RunView(runId, liveColors[0], snapshot.mode, this.stage.sourceOf);
    if (snapshot.status === 'running') return this.follow(view);
    const events = await collectEvents(runId);
    runInAction(() => {
      this.player?.dispose();
      this.stage.show(view);
      this.player = new RunPlayer(view, events);
      this.player.seek(events.length);
    });
  }

  closeReplay(): void {
    this.player?.dispose();
    this.player = null;
    this.stage.clear();
  }

  /** Watch every run of this flow (webhook calls included) animate as it arrives. */
  setWatching(on: boolean): void {
    this.watching = on;
    this.live?.close();
    this.live = null;
    if (!on) return;
    this.player?.dispose();
    this.player = null;
    this.stopStream();
    this.stage.clear();
    this.live = openEventStream(`/api/flows/${encodeURIComponent(this.flowId)}/live`, {
      onEvent: (event) => this.onLiveEvent(event),
      onStatus: (status) => runInAction(() => (this.liveStatus = status)),
      onReconnect: () => {
        // events were missed while disconnected: bring every shown run up to date
        for (const view of this.stage.views) void api.run(view.runId).then(async (s) => (await view.whenDrained(), view.reconcile(s)), () => {});
      },
    });
  }

  private onLiveEvent(event: RunEvent): void {
    let view = this.stage.views.find((v) => v.runId === event.runId);
    if (!view) {
      view = new RunView(event.runId, liveColors[this.colorIndex++ % liveColors.length], 'production', this.stage.sourceOf);
      this.stage.add(view);
      if (event.type !== 'run.started') void api.run(event.runId).then((s) => view!.reconcile(s), () => {});
    }
    view.push(event);
    if (event.type.startsWith('run.') && event.type !== 'run.started') void this.loadHistory();
  }

  private stopStream(): void {
    this.stream?.close();
    this.stream = null;
  }

  dispose(): void {
    this.stopStream();
    this.live?.close();
    this.player?.dispose();
  }
}

function pretty(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/** A finished run's recorded events (its event stream replays them from the start, then ends). */
function collectEvents(runId: string): Promise<RunEvent[]> {
  return new Promise((resolve) => {
    const events: RunEvent[] = [];
    let idle: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(idle);
      stream.close();
      resolve(events);
    };
    const stream = openEventStream(`/api/runs/${encodeURIComponent(runId)}/events`, {
      endOnFinish: true,
      onEvent: (event) => {
        events.push(event);
        clearTimeout(idle);
        idle = setTimeout(done, 3000);
      },
      onStatus: (status) => {
        if (status === 'closed') done();
        if (status === 'open' && !idle) idle = setTimeout(done, 3000);
      },
    });
  });
}
