import { describe, expect, it } from 'vitest';
import { collectionName, vectorScope } from './project-vectors.ts';

describe('collection names and tenants (spec 000 §6, §7)', () => {
  const projects = { get: async (id: string) => (id === 'p1' ? { slug: 'support-abc123', organisationId: 'o1' } : null) };
  const orgWith = (tenancy: string) => ({ get: async () => ({ slug: 'acme', cluster: { config: { tenancy } } }) });

  it('names collections {projectSlug}_{vectorDB}, inside the tenant when there is one', () => {
    expect(collectionName('support-abc123', 'Docs')).toBe('support-abc123_Docs');
    expect(collectionName('support-abc123', 'Memory_Default', 'acme')).toBe('acme/support-abc123_Memory_Default');
  });

  it('takes the tenant from the cluster tenancy: none, the project slug, or the organisation slug', async () => {
    expect(await vectorScope(projects, orgWith('single'))('p1')).toEqual({ projectSlug: 'support-abc123', tenant: null });
    expect(await vectorScope(projects, orgWith('project'))('p1')).toEqual({ projectSlug: 'support-abc123', tenant: 'support-abc123' });
    expect(await vectorScope(projects, orgWith('organisation'))('p1')).toEqual({ projectSlug: 'support-abc123', tenant: 'acme' });
    expect(await vectorScope(projects, orgWith('project'))('nope')).toBeNull();
  });
});
