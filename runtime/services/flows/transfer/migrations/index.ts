/**
 * @module runtime/services/flows/transfer/migrations — the flow format's history, one file a step
 * (`NNN-<what it was>.ts`, tested with a stored fixture of the older format in
 * ../fixtures/v<N>-*.json). A change to the flow document that an older weft could not read adds
 * a step here and raises FLOW_FORMAT_VERSION (contract/flow-export.ts). The original product's
 * workflow records are read too (../workflow-records.ts), straight into format 2.
 */
import { FLOW_FORMAT_VERSION } from '../../../../../contract/flow-export.ts';
import { fromWorkflowRecords, isWorkflowRecords } from '../workflow-records.ts';
import { studioFlowFile } from './001-studio-flow-file.ts';
import type { Migration } from './migration.ts';

export const migrations: readonly Migration[] = [studioFlowFile];

/** Where a document came from: a format version, or the original product's workflow records. */
export type DocumentOrigin = number | 'workflow-records';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The format version a document says it has (format 1, the studio's flow file, has `weft: 1` or just `nodes`). */
export function formatVersionOf(document: unknown): number | null {
  if (!isObject(document)) return null;
  if ('formatVersion' in document) return Number.isInteger(document.formatVersion) ? (document.formatVersion as number) : null;
  if (document.weft === 1 || Array.isArray(document.nodes)) return 1;
  return null;
}

/** The document brought to FLOW_FORMAT_VERSION, step by step; a newer one is refused naming both versions. */
export function migrateForward(document: unknown): { document: unknown; from: DocumentOrigin } {
  if (isWorkflowRecords(document)) return { document: fromWorkflowRecords(document), from: 'workflow-records' };
  const from = formatVersionOf(document);
  if (from === null) throw new Error('This is not a weft export: it has no formatVersion, no "nodes" list, nor workflow records with raw_nodes');
  if (from > FLOW_FORMAT_VERSION) {
    throw new Error(`This document is flow format version ${from}, made by a newer weft; this weft reads up to version ${FLOW_FORMAT_VERSION}: update weft to import it`);
  }
  let current = document;
  for (let version = from; version < FLOW_FORMAT_VERSION; version++) {
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new Error(`No migration from flow format version ${version}`);
    current = step.migrate(current);
  }
  return { document: current, from };
}
