/**
 * @module editor/canvas/node-view — a node on the canvas: its category's colour and icon, its
 * label and slug, problems before a run, and during a run its state, progress, duration and
 * loop iterations; chips show where the other watched runs are. A disabled node is greyed with
 * an "Off" badge, a pinned one has a pin badge (and shows "pinned" when a test run used the pin).
 * A right click opens its menu (node-menu.ts).
 */
import { compareStructural, computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useMemo, useRef, type CSSProperties } from 'react';
import type { RenderEmit } from 'rete-react-plugin';
import { Icon } from '../icons/icon.tsx';
import type { IconName } from '../icons/icon-paths.ts';
import { colorOf } from '../stores/catalogue-store.ts';
import type { NodeRun } from '../stores/run-view.ts';
import type { CanvasStores } from './canvas-stores.ts';
import type { Schemes, WeftNode } from './schemes.ts';
import { SocketView } from './socket-view.tsx';
import { useDomEvent } from './use-dom-event.ts';

const stateLabel: Record<NodeRun['state'], string> = {
  waiting: 'waiting',
  queued: 'queued',
  running: 'running',
  suspended: 'waiting on a child run',
  completed: 'completed',
  skipped: 'skipped',
  failed: 'failed',
  cancelled: 'cancelled',
};

// the states that end a node's part in a run carry a mark beside their name
const stateIcon: Partial<Record<NodeRun['state'], IconName>> = { completed: 'check', skipped: 'skip', failed: 'close' };

export function formatDuration(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** Counted progress (pages done of pages found): a bar, full when done reaches total; without a total, the count alone. */
export function ProgressBar({ progress }: { progress: { done: number; total?: number } }) {
  const { done, total } = progress;
  const share = total && total > 0 ? Math.min(1, Math.max(0, done / total)) : undefined;
  const label = total !== undefined ? `${done} of ${total}` : `${done}`;
  return (
    <span className="wn-progress" data-testid="node-progress" role="progressbar" aria-valuemin={0} aria-valuenow={done} aria-valuemax={total} title={label}>
      <span className="wn-progress-track">{share !== undefined && <span className="wn-progress-fill" style={{ width: `${Math.round(share * 100)}%` }} />}</span>
      <span className="wn-progress-count">{label}</span>
    </span>
  );
}

function StatusLine({ run, problems, pinned }: { run?: NodeRun; problems: string[]; pinned: boolean }) {
  if (run) {
    // a completed node with an error failed and went on (On error: continue)
    const detail = run.state === 'failed' ? run.error : (run.error ?? run.message);
    return (
      <div className="wn-status">
        {run.state === 'completed' && run.error ? (
          <span className="wn-state wn-state--continued"><Icon name="redo" /> failed, continued</span>
        ) : run.state === 'completed' && pinned ? (
          <span className="wn-state wn-state--pinned" data-testid="node-pinned-state"><Icon name="pin" /> completed (pinned)</span>
        ) : (
          <span className="wn-state">{stateIcon[run.state] && <Icon name={stateIcon[run.state]!} />}{stateLabel[run.state]}</span>
        )}
        {run.iterations > 0 && <span className="wn-iter">×{run.iterations}</span>}
        {run.toolCalls && (
          <span className="wn-iter" data-testid="node-tool-calls" title={run.toolCalls.map((c) => c.name).join(', ')}>
            {run.toolCalls.length} tool call{run.toolCalls.length === 1 ? '' : 's'}
          </span>
        )}
        {run.durationMs !== undefined && run.state !== 'running' && <span className="wn-duration">{formatDuration(run.durationMs)}</span>}
        {detail && <span className="wn-message" title={detail}>{detail}</span>}
        {run.progress && <ProgressBar progress={run.progress} />}
      </div>
    );
  }
  if (problems.length) {
    return (
      <div className="wn-status wn-status--problem" title={problems.join('\n')}>
        <span className="wn-problem-icon">!</span>
        <span className="wn-message">{problems[0]}{problems.length > 1 ? ` (+${problems.length - 1})` : ''}</span>
      </div>
    );
  }
  return <div className="wn-status wn-status--ready" />;
}

export function makeNodeView(stores: CanvasStores) {
  return observer(function NodeView({ data, emit }: { data: WeftNode; emit: RenderEmit<Schemes> }) {
    const element = useRef<HTMLDivElement>(null);
    useDomEvent(element, 'pointerup', (event) => (event.button === 0 ? stores.onNodeClick(data.id) : event.stopPropagation()));
    // a right click is the menu's: the area must not take it for a click on the canvas (which unselects)
    useDomEvent(element, 'pointerdown', (event) => event.button !== 0 && event.stopPropagation());
    useDomEvent(element, 'contextmenu', (event) => {
      // the browser's menu and the area's own handler (it would take it for the canvas) stay out
      event.preventDefault();
      event.stopPropagation();
      stores.onNodeMenu(data.id, { x: event.clientX, y: event.clientY });
    });
    const config = stores.config.get(data.id);
    const definition = stores.catalogue.get(data.type);
    const slug = config?.slug ?? data.id;
    // computed boxes: a new run on the canvas re-renders only the nodes whose run state differs
    const runBox = useMemo(() => computed(() => stores.stage.nodeRun(slug)), [slug]);
    const chipsBox = useMemo(() => computed(() => stores.stage.chips(slug), { equals: compareStructural }), [slug]);
    const run = runBox.get();
    const chips = chipsBox.get();
    const problems = stores.problems(data.id);
    const selected = stores.selection.isSelected(data.id);
    const outputs = Object.entries(data.outputs).sort(([, a], [, b]) => (a?.index ?? 0) - (b?.index ?? 0));
    const labelled = outputs.length > 1 || (outputs.length === 1 && outputs[0][0] !== 'out');
    const name = typeof config?.values.nodeName === 'string' && config.values.nodeName.trim() ? config.values.nodeName : definition?.label ?? data.type;
    // not reached by the shown run (or no run shown): 'idle'
    const state = run?.state ?? 'idle';
    const disabled = !!config?.disabled;
    const pinned = !!config?.pinned;
    // a test run hands a pinned node's output on instead of running it; production runs ignore pins
    const usedPin = pinned && stores.stage.focused?.mode === 'test';
    const style = { '--cat': colorOf(definition), width: data.width, height: data.height } as CSSProperties;
    return (
      <div
        className={`wn wn--${state}${selected ? ' is-selected' : ''}${problems.length && !run ? ' has-problems' : ''}${disabled ? ' is-disabled' : ''}`}
        style={style}
        data-testid="node"
        data-node-id={slug}
        data-state={state}
        data-disabled={disabled || undefined}
        data-pinned={pinned || undefined}
        ref={element}
      >
        <div className="wn-head">
          <span className="wn-icon">{definition ? <Icon name={definition.icon} /> : '?'}</span>
          <div className="wn-titles">
            <div className="wn-label">{name}</div>
            <div className="wn-slug">{slug}</div>
          </div>
          {pinned && <span className="wn-badge wn-badge--pinned" title="Output pinned: test runs use it instead of running the node" data-testid="pin-badge"><Icon name="pin" /></span>}
          {disabled && <span className="wn-badge wn-badge--off" title="Disabled: skipped in every run" data-testid="disabled-badge">Off</span>}
          {definition?.status === 'Restricted' && <span className="wn-badge" title="Restricted node">R</span>}
        </div>
        <StatusLine run={run} problems={problems} pinned={usedPin} />
        {data.inputs.in && (
          <div className="wn-in">
            <SocketView side="input" socketKey="in" nodeId={data.id} emit={emit} />
          </div>
        )}
        {!labelled && outputs[0] && (
          <div className="wn-out wn-out--single">
            <SocketView side="output" socketKey={outputs[0][0]} nodeId={data.id} emit={emit} />
          </div>
        )}
        {labelled && (
          <div className="wn-handles">
            {outputs.map(([key]) => (
              <div className="wn-handle" key={key} data-handle={key}>
                <span className="wn-handle-label">{key}</span>
                <SocketView side="output" socketKey={key} nodeId={data.id} emit={emit} />
              </div>
            ))}
          </div>
        )}
        {chips.length > 0 && (
          <div className="wn-chips">
            {chips.map((chip) => (
              <span key={chip.runId} className={`wn-chip wn-chip--${chip.state}`} style={{ '--run': chip.color } as CSSProperties} title={`${chip.runId}: ${chip.state}`} />
            ))}
          </div>
        )}
      </div>
    );
  });
}
