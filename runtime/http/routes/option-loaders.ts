/**
 * @module runtime/http/routes/option-loaders — the server side of form dropdowns (spec 002 §2
 * `typeOptions.loadOptionsMethod`): any loader a node declares (catalogue/nodes.ts `optionLoaders`), run for a
 * project the signed-in user may see, with the form's current values as `input`.
 * - `POST /api/projects/:projectId/load-options/:method` `{input}` → `[{label, value}]`;
 * - the spec's own paths, `POST /api/teams/get-chats` (get-teams, get-channels),
 *   `/api/table-database/list-bases` (list-tables, list-fields, list-records) and
 *   `/api/notes-workspace/list-pages` (list-databases), `{input}` with `input.projectId` naming
 *   the project (`specLoaderPaths`: one line a path).
 * - the spec's paths that answer an object, `POST /api/google-drive/list-folders` `{input}` →
 *   `{folders: [{label, value}]}`, `POST /api/sharepoint/get-site-urls` → `{sites: […]}` (`specLoaderKeyedPaths`: one line a path, with its answer's key);
 * - `GET /api/s3/listBuckets?projectId=…&credentials=<name>` (or the credential's fields as
 *   query parameters) → `{buckets: [{label, value}]}` (`specLoaderQueryPaths`, spec 001 §7).
 * A loader that fails or does not answer within 20 s answers `[]` (the spec's rule); an unknown
 * method is 404, a project the user may not see 404 'Project not found'.
 */
import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { OptionLoader } from '../../../catalogue/option-loaders.ts';
import { optionLoaders } from '../../../catalogue/nodes.ts';
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { FieldOption } from '../../../catalogue/types.ts';
import { servicesFor, type ProjectServiceProviders } from '../../core/node-services.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import { credentialAccess } from '../../services/secrets/credential-access.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import { objectBody } from '../body.ts';
import { badRequest, notFound } from '../errors.ts';

/** how long a loader may take before the dropdown gets an empty list */
export const LOADER_TIMEOUT_MS = 20_000;

/** The spec's product-hosted loader routes (spec 002 §2), by path, to the loader they run. */
export const specLoaderPaths: Record<string, string> = {
  '/api/teams/get-chats': 'teamsGetChats',
  '/api/teams/get-teams': 'teamsGetTeams',
  '/api/teams/get-channels': 'teamsGetChannels',
  '/api/table-database/list-bases': 'tableDatabaseBases',
  '/api/table-database/list-tables': 'tableDatabaseTables',
  '/api/table-database/list-fields': 'tableDatabaseFields',
  '/api/table-database/list-records': 'tableDatabaseRecords',
  '/api/notes-workspace/list-pages': 'notesWorkspacePages',
  '/api/notes-workspace/list-databases': 'notesWorkspaceDatabases',
};

/** The spec's loader routes whose answer is `{[key]: options}` (spec 001 §7), by path. */
export const specLoaderKeyedPaths: Record<string, { method: string; key: string }> = {
  // spec 001 §7: the Google Sheets routes' answer reads `folders` too
  '/api/google-sheets/list-sheets': { method: 'googleSheetsListSheets', key: 'folders' },
  '/api/google-sheets/get-first-row': { method: 'googleSheetsFirstRow', key: 'folders' },
  '/api/google-drive/list-folders': { method: 'googleDriveListFolders', key: 'folders' },
  '/api/sharepoint/get-site-urls': { method: 'sharepointSiteUrls', key: 'sites' },
};

/** The spec's GET loader routes, whose input is the query string (`projectId` among it), by path. */
export const specLoaderQueryPaths: Record<string, { method: string; key: string }> = {
  '/api/s3/listBuckets': { method: 's3ListBuckets', key: 'buckets' },
};

export interface OptionLoaderDeps {
  credentials: CredentialStore;
  outbound: Outbound;
  serviceUrls: ServiceUrls;
  /** an OAuth credential's secrets with its access token refreshed when about to expire (runtime/integrations/oauth/refresh.ts) */
  fresh?: Parameters<typeof credentialAccess>[3];
  /** the tool-execution service's API key, for the loaders that go through it */
  toolServiceKey?: string;
  /** the providers of the services a loader may declare (the node runner's, runtime/core/node-services.ts) */
  services?: ProjectServiceProviders;
  /** default: every registered loader */
  loaders?: Record<string, OptionLoader>;
}

export function optionLoadersRouter(deps: OptionLoaderDeps): Router {
  const loaders = deps.loaders ?? optionLoaders;
  const router = new Router();

  async function answer(ctx: Context, projectId: string, method: string, key?: string, input = inputOf(ctx)): Promise<void> {
    await requireProjectAccess(ctx, projectId);
    const loader = Object.hasOwn(loaders, method) ? loaders[method] : undefined;
    if (!loader) throw notFound(`Unknown option loader: ${method}`);
    ctx.set('Cache-Control', 'no-store');
    const options = await run(loader, { ...input, projectId }, projectId);
    ctx.body = key ? { [key]: options } : options;
  }

  async function run(loader: OptionLoader, input: Record<string, unknown>, projectId: string): Promise<FieldOption[]> {
    const stop = AbortSignal.timeout(LOADER_TIMEOUT_MS);
    const binding = { idempotencyKey: `load-options/${randomUUID()}`, signal: () => stop };
    const credentials = credentialAccess(deps.credentials, projectId, undefined, deps.fresh);
    const loaded = loader(input, {
      projectId,
      credentials,
      http: deps.outbound.forActor(binding),
      serviceUrl: (name) => deps.serviceUrls[name],
      ...(deps.toolServiceKey ? { toolServiceKey: deps.toolServiceKey } : {}),
      services: servicesFor(deps.services ?? {}, loader.services, { projectId, credentials }),
    });
    const timedOut = new Promise<FieldOption[]>((ok) => stop.addEventListener('abort', () => ok([]), { once: true }));
    try {
      const options = await Promise.race([loaded, timedOut]);
      return Array.isArray(options) ? options.filter(isOption) : [];
    } catch {
      return [];
    }
  }

  router.post('/api/projects/:projectId/load-options/:method', async function loadOptions(ctx) {
    await answer(ctx, ctx.params.projectId, ctx.params.method);
  });

  const specPaths = [
    ...Object.entries(specLoaderPaths).map(([path, method]) => ({ path, method, key: undefined })),
    ...Object.entries(specLoaderKeyedPaths).map(([path, { method, key }]) => ({ path, method, key })),
  ];
  for (const { path, method, key } of specPaths) {
    router.post(path, async function loadOptionsBySpecPath(ctx) {
      const projectId = inputOf(ctx).projectId;
      if (typeof projectId !== 'string' || !projectId) throw badRequest('input.projectId is required: the project whose credential the loader reads');
      await answer(ctx, projectId, method, key);
    });
  }
  for (const [path, { method, key }] of Object.entries(specLoaderQueryPaths)) {
    router.get(path, async function loadOptionsByQuery(ctx) {
      const input = Object.fromEntries(Object.entries(ctx.query).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]));
      if (typeof input.projectId !== 'string' || !input.projectId) throw badRequest('projectId is required: the project whose credential the loader reads');
      await answer(ctx, input.projectId, method, key, input);
    });
  }
  return router;
}

/** `{input: {...}}` (an absent input is `{}`) */
function inputOf(ctx: Context): Record<string, unknown> {
  const { input } = objectBody(ctx);
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input)) throw badRequest('input must be a JSON object');
  return input as Record<string, unknown>;
}

function isOption(option: unknown): option is FieldOption {
  return !!option && typeof (option as FieldOption).label === 'string' && typeof (option as FieldOption).value === 'string';
}
