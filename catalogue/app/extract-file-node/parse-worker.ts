/**
 * @module catalogue/app/extract-file-node/parse-worker — the parsing worker's body: takes one
 * job, reports progress, answers the data or the failure, then exits (one worker a file, so
 * whatever a file did to its heap dies with it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseFile } from './parse-file.ts';
import { ParseFailure, type ParseJob, type WorkerMessage } from './parse-types.ts';

const port = parentPort!;
const send = (message: WorkerMessage) => port.postMessage(message);

try {
  const data = await parseFile(workerData as ParseJob, (message, done, total) => send({ type: 'progress', message, done, total }));
  send({ type: 'done', data });
} catch (error) {
  const expected = error instanceof ParseFailure;
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error), expected });
}
