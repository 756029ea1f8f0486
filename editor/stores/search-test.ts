/**
 * @module editor/stores/search-test — the search box of a search flow: a query starts a test run
 * whose input is what the search widget's route hands the search trigger (`searchQuery`); the
 * run shows on the canvas like any test run, and the search response node's results are listed
 * once the run ends.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { openEventStream, type EventStream } from '../api/event-stream.ts';
import type { SearchResult } from '../../contract/search.ts';

export type SearchAnswer =
  | { state: 'idle' }
  | { state: 'searching'; query: string }
  | { state: 'done'; query: string; results: SearchResult[]; runId: string }
  | { state: 'failed'; query: string; error: string; runId: string };

/** What the box needs of the studio: start a test run (null when refused), and the search response nodes' ids. */
export interface SearchTestDeps {
  start(input: unknown): Promise<string | null>;
  /** why the last start was refused */
  refusal(): string;
  responseNodes(): string[];
}

export class SearchTest {
  query = '';
  answer: SearchAnswer = { state: 'idle' };
  /** why the last search did not start a run, shown beside the box */
  refusal = '';
  private stream: EventStream | null = null;

  constructor(private readonly deps: SearchTestDeps) {
    makeAutoObservable<this, 'stream' | 'deps'>(this, { stream: false, deps: false }, { autoBind: true });
  }

  get busy(): boolean {
    return this.answer.state === 'searching';
  }

  setQuery(text: string): void {
    this.query = text;
  }

  /** Search for the query: a test run of the flow. */
  async search(): Promise<void> {
    const query = this.query.trim();
    if (!query || this.busy) return;
    this.stopStream();
    this.answer = { state: 'searching', query };
    const runId = await this.deps.start({ searchQuery: query });
    runInAction(() => {
      if (!runId) {
        this.answer = { state: 'idle' };
        this.refusal = this.deps.refusal();
        return;
      }
      this.refusal = '';
      this.follow(query, runId);
    });
  }

  private follow(query: string, runId: string): void {
    const responders = new Set(this.deps.responseNodes());
    let output: { results?: unknown } | null = null;
    this.stream = openEventStream(`/api/runs/${encodeURIComponent(runId)}/events`, {
      endOnFinish: true,
      onEvent: (event) => {
        if (event.type === 'node.completed' && event.nodeId && responders.has(event.nodeId)) output = (event.output ?? {}) as typeof output;
        if (!event.type.startsWith('run.') || event.type === 'run.started') return;
        runInAction(() => {
          if (event.type === 'run.failed') {
            const error = event.error ?? 'The run failed';
            this.answer = { state: 'failed', query, runId, error: event.nodeId ? `${event.nodeId}: ${error}` : error };
          } else if (event.type === 'run.cancelled') this.answer = { state: 'failed', query, runId, error: 'The run was cancelled' };
          else this.answer = { state: 'done', query, runId, results: Array.isArray(output?.results) ? (output.results as SearchResult[]) : [] };
        });
      },
    });
  }

  private stopStream(): void {
    this.stream?.close();
    this.stream = null;
  }

  dispose(): void {
    this.stopStream();
  }
}
