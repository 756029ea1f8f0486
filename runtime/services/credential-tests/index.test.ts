import { describe, expect, it } from 'vitest';
import { credentialForms } from '../../../catalogue/credentials/index.ts';
import { credentialTests } from './index.ts';

describe('credential testers', () => {
  it('exist for exactly the forms marked testable (the studio shows Test for those), the five of spec 002 §2, teamsOauth (§7 GET /me) postgres (spec 001 §2 testConnection) and s3 (spec 001 §2)', () => {
    const testable = credentialForms.filter((form) => form.testable).map((form) => form.type).sort();
    expect(Object.keys(credentialTests).sort()).toEqual(testable);
    expect(testable).toEqual(['crawlService', 'mcpServer', 'messagingProvider', 'postgres', 's3', 'smtp', 'teamsOauth', 'webSearch']);
  });
});
