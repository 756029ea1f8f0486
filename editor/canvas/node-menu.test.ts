import { describe, expect, it, vi } from 'vitest';
import { registry } from '../../catalogue/nodes.ts';
import { CatalogueStore } from '../stores/catalogue-store.ts';
import { ConfigStore } from '../stores/config-store.ts';
import type { CanvasCommands } from './canvas-commands.ts';
import { edgeMenuItems, nodeMenuItems } from './node-menu.ts';

const catalogue = new CatalogueStore();
catalogue.definitions = registry.list();

function menuOf(type: string, last: { output: unknown; runId: string } | null, extra: Partial<{ disabled: true; pinned: { output: unknown; pinnedAt: number } }> = {}) {
  const config = new ConfigStore();
  config.add({ id: 'n', type, slug: 'node_1', values: {}, ...extra });
  const commands = { duplicate: vi.fn(), setSwitch: vi.fn(), deleteNode: vi.fn(), deleteEdge: vi.fn() };
  const openPage = vi.fn();
  const items = nodeMenuItems({ commands: commands as unknown as CanvasCommands, config, catalogue, lastOutput: () => last, openPage }, 'n');
  const item = (label: string) => items.find((i) => i.label === label)!;
  return { items, item, commands, openPage };
}

describe('the node menu', () => {
  it('offers Duplicate, Disable, Pin output, Open docs and Delete; Pin takes the last run output', () => {
    const { items, item, commands, openPage } = menuOf('apiNode', { output: { ok: 1 }, runId: 'run_1' });
    expect(items.map((i) => i.label)).toEqual(['Duplicate', 'Disable', 'Pin output', 'Open docs', 'Delete']);
    expect(items.filter((i) => i.disabled)).toEqual([]);
    item('Pin output').onSelect();
    expect(commands.setSwitch).toHaveBeenCalledWith('n', 'pinned', { output: { ok: 1 }, pinnedAt: expect.any(Number), runId: 'run_1' });
    item('Disable').onSelect();
    expect(commands.setSwitch).toHaveBeenCalledWith('n', 'disabled', true);
    item('Open docs').onSelect();
    expect(openPage).toHaveBeenCalledWith('/docs/nodes/apiNode');
  });

  it('offers Enable and Unpin for a disabled, pinned node', () => {
    const { item, commands } = menuOf('apiNode', null, { disabled: true, pinned: { output: 1, pinnedAt: 1 } });
    item('Enable').onSelect();
    item('Unpin output').onSelect();
    expect(commands.setSwitch.mock.calls).toEqual([['n', 'disabled', undefined], ['n', 'pinned', undefined]]);
  });

  it('greys out, with the reason, what cannot apply', () => {
    expect(menuOf('apiNode', null).item('Pin output')).toMatchObject({ disabled: true, hint: 'Run the flow first: the output of its last run is pinned' });
    const trigger = menuOf('webhookTriggerNode', { output: {}, runId: 'run_1' });
    expect(trigger.item('Disable')).toMatchObject({ disabled: true, hint: 'The trigger cannot be disabled' });
    expect(trigger.item('Duplicate').disabled).toBe(true);
    expect(menuOf('conditionNode', { output: {}, runId: 'run_1' }).item('Pin output').disabled).toBe(true);
    expect(menuOf('forLoopEndNode', null).item('Disable')).toMatchObject({ disabled: true, hint: 'Disable its For Loop instead' });
    const huge = menuOf('apiNode', { output: 'x'.repeat(1024 * 1024), runId: 'run_1' }).item('Pin output');
    expect(huge).toMatchObject({ disabled: true, hint: 'Its output is 1048578 bytes; at most 1 MB can be pinned' });
  });

  it('offers Delete on an edge', () => {
    const deleteEdge = vi.fn();
    const [only, ...rest] = edgeMenuItems({ deleteEdge } as unknown as CanvasCommands, 'e1');
    expect(rest).toEqual([]);
    only.onSelect();
    expect(deleteEdge).toHaveBeenCalledWith('e1');
  });
});
