/**
 * @module catalogue/logic/wait-node/run — ask the engine to hold the output for a while.
 * The spec's wait node reports a bad duration as success false rather than failing the run.
 */
import { toNumber } from '../../coerce.ts';
import type { Executor } from '../../types.ts';
import { WAIT_MAX_SECONDS, WAIT_MIN_SECONDS } from './definition.ts';

export const run: Executor = async (values) => {
  const seconds = toNumber(values.seconds ?? 30);
  if (seconds === undefined || seconds < WAIT_MIN_SECONDS || seconds > WAIT_MAX_SECONDS) {
    return { output: { success: false, message: 'Seconds must be between 1 and 90' } };
  }
  return { output: { success: true }, delayMs: Math.round(seconds * 1000) };
};
