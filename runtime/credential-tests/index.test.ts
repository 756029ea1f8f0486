import { describe, expect, it } from 'vitest';
import { credentialForms } from '../../catalogue/credentials/index.ts';
import { credentialTests } from './index.ts';

describe('credential testers', () => {
  it('exist for exactly the forms marked testable (the studio shows Test for those), the five of spec 002 §2 and teamsOauth (§7 GET /me)', () => {
    const testable = credentialForms.filter((form) => form.testable).map((form) => form.type).sort();
    expect(Object.keys(credentialTests).sort()).toEqual(testable);
    expect(testable).toEqual(['crawlService', 'mcpServer', 'messagingProvider', 'smtp', 'teamsOauth', 'webSearch']);
  });
});
