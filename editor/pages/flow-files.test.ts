import { describe, expect, it } from 'vitest';
import { exportFileName, importSummary, parseJsonFile } from './flow-files.ts';

describe('flow files', () => {
  it('name downloads after the flow or project', () => {
    expect(exportFileName('Support bots')).toBe('support-bots.weft.json');
    expect(exportFileName('***')).toBe('weft.weft.json');
  });

  it('say what is wrong with a file that is not JSON', () => {
    expect(() => parseJsonFile('{nope')).toThrow(/^The file is not JSON: /);
  });

  it('sum up an import, naming the credentials to add', () => {
    const flow = { id: 'f1', name: 'Grade', exportedId: 'x', versions: 0 };
    expect(importSummary({ flows: [flow], credentialsToFill: [], defaultModelsSet: false })).toBe('Imported “Grade”');
    expect(importSummary({ flows: [flow, flow], credentialsToFill: [{ name: 'slack', credential_type: 'slackOauth', marketplace_id: 1 }], defaultModelsSet: false })).toBe(
      'Imported 2 flows; add the credentials slack before deploying',
    );
  });
});
