import { describe, expect, it } from 'vitest';
import { previewSource, previewTemplate } from './template-preview.ts';

const chatInput = { chatMessage: 'Hello', userId: 'u1' };

describe('previewTemplate', () => {
  it('resolves against the test input as the trigger’s output when no run is shown', () => {
    const source = previewSource(undefined, 'chatTrigger_1', chatInput);
    expect(source.from).toBe('the test input');
    expect(previewTemplate('{{trigger.output.chatMessage}}', source)).toEqual({ text: 'Hello', empty: false, misses: [], from: 'the test input' });
    expect(previewTemplate('Hi {{chatTrigger_1.output.userId}}!', source)?.text).toBe('Hi u1!');
  });

  it('says why a reference comes to nothing, as a run would', () => {
    const preview = previewTemplate('{{trigger.output.message}}', previewSource(undefined, 'chatTrigger_1', chatInput));
    expect(preview).toMatchObject({ text: '', empty: true });
    expect(preview!.misses).toEqual([{ placeholder: '{{trigger.output.message}}', reason: "trigger has no output field 'message'" }]);
    expect(previewTemplate('{{llm_1.output.x}}', previewSource(undefined, 'chatTrigger_1', chatInput))!.misses[0].reason).toBe('no output of llm_1 reaches this node');
  });

  it('reads the outputs of the run on the canvas first, data shown as JSON', () => {
    const run = new Map<string, unknown>([['chatTrigger_1', { chatMessage: 'From the run' }], ['api_1', { items: [1, 2] }]]);
    const source = previewSource(run, 'chatTrigger_1', chatInput);
    expect(source.from).toBe('the last run');
    expect(previewTemplate('{{trigger.output.chatMessage}}', source)?.text).toBe('From the run');
    expect(previewTemplate('{{api_1.output.items}}', source)?.text).toBe('[1,2]');
  });

  it('has nothing to preview in text without references', () => {
    expect(previewTemplate('plain text {{ not a ref }}', previewSource(undefined, undefined, {}))).toBeNull();
  });
});
