/**
 * @module editor/pages/flow-files — export documents as files (contract/flow-export.ts): a
 * download, and reading a chosen file as JSON with a clear error. The server checks, migrates
 * and imports the document (POST /api/projects/:id/import).
 */
import type { ExportDocument, ImportAnswer } from '../../contract/flow-export.ts';

/** `Support bots` → `support-bots.weft.json` */
export const exportFileName = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'weft'}.weft.json`;

export function downloadDocument(name: string, document: ExportDocument): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = exportFileName(name);
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file's JSON; throws a message that says what is wrong with it. */
export function parseJsonFile(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`The file is not JSON: ${(error as Error).message}`);
  }
}

/** What an import did, in one sentence for a toast. */
export function importSummary(answer: ImportAnswer): string {
  const flows = answer.flows.length === 1 ? `“${answer.flows[0].name}”` : `${answer.flows.length} flows`;
  const fill = answer.credentialsToFill.map((c) => c.name);
  return `Imported ${flows}${fill.length ? `; add the credentials ${fill.join(', ')} before deploying` : ''}`;
}
