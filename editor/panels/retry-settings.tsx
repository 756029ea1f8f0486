/** @module editor/panels/retry-settings — node-level retries (0–5) and the delay between them (0–30 s). */
import { observer } from 'mobx-react-lite';
import type { Studio } from '../stores/studio.ts';

const clamp = (n: number, max: number) => Math.max(0, Math.min(max, Number.isFinite(n) ? n : 0));

export const RetrySettings = observer(function RetrySettings({ studio, nodeId }: { studio: Studio; nodeId: string }) {
  const retry = studio.config.get(nodeId)?.retry;
  const set = (patch: Partial<{ retries: number; delay: number }>) => {
    const next = { retries: retry?.retries ?? 0, delay: retry?.delay ?? 0, ...patch };
    studio.config.setRetry(nodeId, next.retries === 0 && next.delay === 0 ? undefined : next);
  };
  return (
    <details className="retry" open={!!retry}>
      <summary>Retry on failure</summary>
      <div className="retry-row">
        <label>
          Retries
          <input className="input" type="number" min={0} max={5} value={retry?.retries ?? 0} onChange={(e) => set({ retries: clamp(Math.floor(Number(e.target.value)), 5) })} />
        </label>
        <label>
          Delay (s)
          <input className="input" type="number" min={0} max={30} value={retry?.delay ?? 0} onChange={(e) => set({ delay: clamp(Number(e.target.value), 30) })} />
        </label>
      </div>
      <p className="field-desc">After a first failure the success code becomes 204 and the error code 509.</p>
    </details>
  );
});
