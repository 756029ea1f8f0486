/**
 * @module editor/versions/versions-list — the Deploy tab's list of deployed versions: number, who,
 * when, the note, "rolled back from N"; compare one with the draft or with the version before it,
 * or roll back to it (one action, confirmed: it deploys that content again as a new version).
 */
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import type { FlowVersionSummary } from '../../contract/versions.ts';
import type { Studio } from '../stores/studio.ts';
import { toasts } from '../stores/toast-store.ts';

export const VersionsList = observer(function VersionsList({ studio }: { studio: Studio }) {
  const { versions, session } = studio;
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const live = session.flow?.status === 'active' ? session.flow.deployedVersion : undefined;
  const rollback = async (version: number) => {
    setBusy(true);
    try {
      await versions.rollback(version);
      toasts.show(`Rolled back: production runs version ${version}'s content as version ${session.flow?.deployedVersion}`, 'success');
      setConfirming(null);
    } catch (error) {
      toasts.show((error as Error).message, 'error', 8000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="versions" data-testid="versions">
      <div className="section-head">
        <h4>Versions</h4>
        <button className="btn btn--ghost" onClick={() => void versions.load()}>Refresh</button>
      </div>
      {versions.error && <p className="error-text">{versions.error}</p>}
      {versions.list.length === 0 && <p className="muted">Not deployed yet: each deploy makes a numbered version.</p>}
      <ul className="versions-list">
        {versions.list.map((v) => (
          <li key={v.version} className="version-row" data-testid="version-row" data-version={v.version}>
            <VersionFacts version={v} live={v.version === live} />
            <div className="row version-actions">
              <button className="btn btn--small" data-testid="version-compare" onClick={() => void versions.openCompare(v.version, 'draft')}>
                Compare with draft
              </button>
              {v.version > 1 && (
                <button className="btn btn--small" onClick={() => void versions.openCompare(v.version - 1, v.version)}>
                  Changes in it
                </button>
              )}
              {v.version !== session.flow?.deployedVersion && (
                <button className="btn btn--small" data-testid="version-rollback" onClick={() => setConfirming(v.version)}>
                  Roll back…
                </button>
              )}
            </div>
            {confirming === v.version && (
              <div className="confirm" role="alertdialog" data-testid="rollback-confirm">
                <p>Deploy version {v.version}'s content again, as a new version?</p>
                <div className="row">
                  <button className="btn btn--danger" disabled={busy} data-testid="rollback-confirm-button" onClick={() => void rollback(v.version)}>
                    Roll back to version {v.version}
                  </button>
                  <button className="btn" onClick={() => setConfirming(null)}>Cancel</button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
});

function VersionFacts({ version: v, live }: { version: FlowVersionSummary; live: boolean }) {
  return (
    <div className="version-facts">
      <strong className="version-number">v{v.version}</strong>
      {live && <span className="pill pill--active">live</span>}
      <span className="muted" title={new Date(v.deployedAt).toISOString()}>
        {v.deployedBy.email} · {new Date(v.deployedAt).toLocaleString()}
      </span>
      {v.rolledBackFrom !== undefined && <span className="pill" data-testid="rolled-back-from">rolled back from v{v.rolledBackFrom}</span>}
      {v.note && <p className="version-note" data-testid="version-note">{v.note}</p>}
    </div>
  );
}
