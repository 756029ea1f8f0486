/**
 * @module editor/panels/sync-panel — a data-source flow's sync job, in its Deploy tab: the job's
 * state, schedule (cron and time zone), last and next sync, records read and written, a
 * progress bar while a sync runs, and Pause / Resume / Run now. It polls
 * `GET /api/flows/:id/sync` (every 2 s, every 0.5 s while a sync runs).
 */
import { useCallback, useEffect, useState } from 'react';
import type { SyncJobState, SyncRunSummary } from '../../contract/sync.ts';
import { api } from '../api/client.ts';
import { toasts } from '../stores/toast-store.ts';

const when = (ms: number | null | undefined) => (ms ? new Date(ms).toLocaleString() : '—');

const stateText: Record<SyncJobState['state'], string> = {
  active: 'scheduled',
  paused: 'paused',
  running: 'syncing',
  failed: 'last sync failed',
  inactive: 'no job (deploy the flow)',
};

function LastRun({ run }: { run: SyncRunSummary | null }) {
  if (!run) return <p className="muted">No sync yet.</p>;
  return (
    <div className="sync-last" data-testid="sync-last-run" data-status={run.status}>
      <span className={`state-pill state-pill--${run.status === 'succeeded' ? 'completed' : run.status}`}>{run.status}</span>{' '}
      {when(run.startedAt)} · <span data-testid="sync-records">{run.recordsRead} read, {run.recordsWritten} written</span>
      {run.error && <div className="error-box">{run.error}</div>}
    </div>
  );
}

function Progress({ progress }: { progress: NonNullable<SyncJobState['progress']> }) {
  const { read, written, total } = progress;
  const share = total ? Math.min(100, Math.round((read / total) * 100)) : null;
  return (
    <div className="sync-progress" data-testid="sync-progress" role="progressbar" aria-valuenow={read} aria-valuemax={total}>
      <span className="wn-progress-track">
        <span className="wn-progress-fill" style={{ width: `${share ?? 100}%` }} />
      </span>
      <span className="progress-line">
        {total ? `${read}/${total}` : read} records read, {written} written
      </span>
    </div>
  );
}

export function SyncPanel({ flowId }: { flowId: string }) {
  const [job, setJob] = useState<SyncJobState | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useCallback(() => api.syncState(flowId).then(setJob, () => undefined), [flowId]);
  const running = job?.state === 'running';
  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), running ? 500 : 2000);
    return () => clearInterval(timer);
  }, [refresh, running]);
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toasts.show(done, 'success', 2500);
      await refresh();
    } catch (error) {
      toasts.show((error as Error).message, 'error', 8000);
    } finally {
      setBusy(false);
    }
  };
  if (!job) return null;
  const hasJob = job.config.connection !== null;
  return (
    <section className="sync-panel" data-testid="sync-panel" data-state={job.state}>
      <h4>Sync job</h4>
      <div className="deploy-state">
        <span className={`pill${job.state === 'active' || running ? ' pill--active' : ''}`} data-testid="sync-state">
          {stateText[job.state]}
        </span>
        <span className="muted">{job.engine === 'embedded' ? 'run by weft' : 'run by the data-sync service'}</span>
      </div>
      {job.schedule && (
        <p className="field-desc">
          Schedule <code data-testid="sync-schedule">{`${job.schedule.expression} ${job.schedule.timeZone}`}</code> · next sync{' '}
          <span data-testid="sync-next-run">{job.nextRunAt ? when(job.nextRunAt) : 'none (paused)'}</span>
        </p>
      )}
      {job.progress && <Progress progress={job.progress} />}
      <LastRun run={job.lastRun} />
      {hasJob && (
        <div className="row">
          {job.config.status === 'active' ? (
            <button className="btn" data-testid="sync-pause" disabled={busy} onClick={() => void act(() => api.syncAction(flowId, 'pause'), 'Paused: no scheduled syncs')}>
              Pause
            </button>
          ) : (
            <button className="btn" data-testid="sync-resume" disabled={busy} onClick={() => void act(() => api.syncAction(flowId, 'resume'), 'Resumed: syncs run on schedule')}>
              Resume
            </button>
          )}
          <button className="btn btn--primary" data-testid="sync-run" disabled={busy || running} onClick={() => void act(() => api.runSyncNow(flowId), 'Sync started')}>
            Run now
          </button>
        </div>
      )}
    </section>
  );
}
