/**
 * @module editor/stores/versions-store — one flow's deployed versions as the studio shows them:
 * the list, the version production runs and what the saved draft changes since it ("changes not
 * deployed"), a rollback, and which two documents the comparison view shows side by side.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { api } from '../api/client.ts';
import { changeCount, diffFlows, type DiffableFlow, type FlowDiff } from '../../catalogue/flow-diff.ts';
import type { FlowVersion, FlowVersionSummary } from '../../contract/versions.ts';
import type { FlowSession } from './flow-session.ts';

/** one side of a comparison: a version's number, or the draft */
export type CompareSide = number | 'draft';

export const sideName = (side: CompareSide) => (side === 'draft' ? 'Draft' : `Version ${side}`);

export class VersionsStore {
  list: FlowVersionSummary[] = [];
  /** whole versions read so far, by number (they never change) */
  documents = new Map<number, FlowVersion>();
  /** the two sides shown side by side, older first; null when the comparison is closed */
  compare: { left: CompareSide; right: CompareSide } | null = null;
  error = '';
  private stop: () => void;

  constructor(
    readonly flowId: string,
    private readonly session: FlowSession,
  ) {
    makeAutoObservable<this, 'stop' | 'session'>(this, { stop: false, session: false }, { autoBind: true });
    // a deploy (here or elsewhere) names a new version: read it and the list again
    this.stop = reaction(
      () => this.session.flow?.deployedVersion,
      () => void this.load(),
    );
  }

  /** the version production runs, once read */
  get deployed(): FlowVersion | null {
    const number = this.session.flow?.deployedVersion;
    return number ? (this.documents.get(number) ?? null) : null;
  }

  /** what the saved draft changes since the deployed version; null before the first deploy */
  get pending(): FlowDiff | null {
    const draft = this.session.flow;
    return this.deployed && draft ? diffFlows(this.deployed, draft) : null;
  }

  get pendingCount(): number {
    return this.pending ? changeCount(this.pending) : 0;
  }

  async load(): Promise<void> {
    try {
      const list = await api.versions(this.flowId);
      runInAction(() => {
        this.list = list;
        this.error = '';
      });
      const deployed = this.session.flow?.deployedVersion;
      if (deployed) await this.read(deployed);
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message));
    }
  }

  /** A version's whole document (read once). */
  async read(version: number): Promise<FlowVersion> {
    const known = this.documents.get(version);
    if (known) return known;
    const read = await api.version(this.flowId, version);
    runInAction(() => this.documents.set(version, read));
    return read;
  }

  /** The document of one side: a version (once read) or the saved draft. */
  documentOf(side: CompareSide): DiffableFlow | null {
    if (side === 'draft') return this.session.flow;
    return this.documents.get(side) ?? null;
  }

  async openCompare(left: CompareSide, right: CompareSide): Promise<void> {
    try {
      await Promise.all([left, right].filter((s): s is number => s !== 'draft').map((v) => this.read(v)));
      runInAction(() => (this.compare = { left, right }));
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message));
    }
  }

  closeCompare(): void {
    this.compare = null;
  }

  /**
   * Deploy an older version's content again, as a new version. The server leaves the draft as it
   * is and answers the flow: its new deployed number (the list follows) and its bumped revision.
   */
  async rollback(version: number, note?: string): Promise<void> {
    await this.session.save();
    this.session.adoptDeployment(await api.rollback(this.flowId, version, note));
  }

  dispose(): void {
    this.stop();
  }
}
