/**
 * @module editor/panels/node-switches — in the focused node's panel: that it is disabled (with
 * Enable) or that its output is pinned (the pinned output, where it came from, and Unpin). The
 * canvas's right-click menu sets both (editor/canvas/node-menu.ts).
 */
import { observer } from 'mobx-react-lite';
import type { Studio } from '../stores/studio.ts';
import { Icon } from '../icons/icon.tsx';
import { JsonView } from './json-view.tsx';

export const NodeSwitches = observer(function NodeSwitches({ studio, nodeId }: { studio: Studio; nodeId: string }) {
  const config = studio.config.get(nodeId);
  const commands = studio.commands;
  if (!config || !commands || (!config.disabled && !config.pinned)) return null;
  return (
    <div className="node-switches" data-testid="node-switches">
      {config.disabled && (
        <div className="node-switch">
          <span><Icon name="power" /> Disabled: skipped in every run, its messages pass on as skips.</span>
          <button className="btn btn--ghost" onClick={() => commands.setSwitch(nodeId, 'disabled', undefined)}>Enable</button>
        </div>
      )}
      {config.pinned && (
        <>
          <div className="node-switch">
            <span>
              <Icon name="pin" /> Output pinned{config.pinned.runId ? <> from <code>{config.pinned.runId.slice(0, 12)}</code></> : null}: test runs use
              it instead of running this node; production runs ignore it.
            </span>
            <button className="btn btn--ghost" onClick={() => commands.setSwitch(nodeId, 'pinned', undefined)}>Unpin</button>
          </div>
          <JsonView label="Pinned output" value={config.pinned.output} open={false} />
        </>
      )}
    </div>
  );
});
