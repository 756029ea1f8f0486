import { describe, expect, it } from 'vitest';
import { conditionHolds, conditionProblem } from './breakpoint-condition.ts';

const message = { total: 120, name: 'Ada Lovelace', items: [{ sku: 'a-1' }], done: false, note: '' };

describe('a breakpoint condition', () => {
  it.each([
    ['{{message.output.total}} > 100', true],
    ['{{message.output.total}} >= 121', false],
    ['{{message.output.total}} == 120', true],
    ['{{message.output.total}} != 120', false],
    ['{{message.output.name}} like Ada%', true],
    ['{{message.output.name}} ilike Ada', false],
    ['{{message.output.items[0].sku}} == a-1', true],
    ['{{source_1.output.total}} < 200', true],
    ['{{message.output.total}}', true],
    ['{{message.output.done}}', false],
    ['{{message.output.note}}', false],
    ['{{message.output.missing}}', false],
  ])('%s → %s', (condition, holds) => {
    expect(conditionProblem(condition)).toBeNull();
    expect(conditionHolds(condition, message, 'source_1')).toBe(holds);
  });

  it('names what is wrong with one it cannot take', () => {
    expect(conditionProblem('')).toBe('an expression over the message, such as {{message.output.total}} > 100');
    expect(conditionProblem('{{message.output.a}} >  ')).toBe('> needs a value on each side');
    expect(conditionProblem('{{message.output.a}} is big')).toBe('an expression over the message, such as {{message.output.total}} > 100 (no operator: one template alone)');
    expect(conditionProblem('a == b')).toBe('an expression over the message, such as {{message.output.total}} > 100: it reads no template');
  });
});
