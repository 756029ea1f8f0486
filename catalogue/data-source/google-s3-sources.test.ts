/** The Google Sheets, Google Drive and S3 sources' forms hold spec 001 §3/§9's defaults, and each trigger passes its input through. */
import { describe, expect, it } from 'vitest';
import { runNode, testContext } from '../testing/node-harness.ts';
import { applyDefaults } from '../values.ts';
import googleDrive from './google-drive-trigger-node/run.ts';
import googleSheets from './google-sheets-trigger-node/run.ts';
import s3 from './s3-trigger-node/run.ts';

describe('Google Sheets, Google Drive and S3 sources', () => {
  it('default as spec 001 says', () => {
    expect(applyDefaults(googleSheets.definition, {})).toEqual({
      syncMode: 'full_refresh_append',
      cronExpression: '0 0 00 ? * 1 * UTC',
      batchSize: 200,
      namesConversion: false,
    });
    expect(applyDefaults(googleDrive.definition, {})).toEqual({ globs: ['**'], syncMode: 'incremental_append', cronExpression: '0 0 00 ? * 1 * UTC' });
    expect(applyDefaults(s3.definition, {})).toEqual({
      strategy: 'auto',
      globs: ['**/*.pdf', '**/*.docx', '**/*.txt', '**/*.pptx', '**/*.md'],
      days_to_sync_if_history_is_full: 3,
      syncMode: 'incremental_append',
      cronExpression: '0 0 00 ? * 1 * UTC',
    });
    expect(googleSheets.definition.integrationId).toBe(3);
    expect(googleDrive.definition.integrationId).toBe(2);
    expect(s3.definition.outputs.map((o) => o.name)).toEqual(['document_key', 'content', 'document_url']);
  });

  it('pass their input (a batch of rows, a document) through as their output', async () => {
    const document = { document_key: 'guides/intro.pdf', content: 'Welcome', document_url: 'https://store/guides/intro.pdf?X-Amz-Expires=1800' };
    const values = { credentials: 'store', bucket: 'handbooks' };
    expect(await runNode(s3, values, testContext({ input: document }))).toEqual({ output: document });
    const batch = { records: [{ name: 'Ada' }], stream: 'Customers' };
    expect(await runNode(googleSheets, { credentials: 'sheets', spreadSheetLink: 'https://docs.google.com/spreadsheets/d/abc/edit', sheetName: 'Customers' }, testContext({ input: batch }))).toEqual({ output: batch });
    expect(await runNode(googleDrive, { credentials: 'drive', folderUrl: 'abc' }, testContext({ input: { document_key: 'a', content: 'b' } }))).toEqual({ output: { document_key: 'a', content: 'b' } });
  });
});
