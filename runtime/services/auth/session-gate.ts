/**
 * @module runtime/services/auth/session-gate — who is calling. One middleware in front of every route:
 * it reads the `weft_session` cookie, puts the signed-in user on `ctx.state.user` (and their
 * ProjectAccess on `ctx.state.access`), refuses every /api/* route but the open ones without a
 * session (401 'Sign in first') — but a GET of a run or its events, and a flow's tests routes, with
 * an Authorization header, whose API key the route checks — and every cookie-authenticated write without the
 * session's CSRF token in `x-csrf-token` (403 'Invalid CSRF token').
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { ForbiddenError } from '../domain-errors.ts';
import type { OrganisationStore } from '../stores/organisations.ts';
import type { ProjectStore } from '../stores/projects.ts';
import type { Session, SessionStore } from '../stores/sessions.ts';
import type { UserStore } from '../stores/users.ts';
import { ProjectAccess, unauthorized } from './access.ts';

export const SESSION_COOKIE = 'weft_session';
export const CSRF_HEADER = 'x-csrf-token';

/**
 * /api/* paths anyone may call: health, the node catalogue (and its credential forms), sign-in,
 * sign-out and invitation links (whose token is the proof; accepting while signed in is CSRF-checked). Paths outside /api (webhooks, GraphQL, the widgets' /widgets/* calls, checked by
 * Origin, the editor's files) are not the studio API and carry their own checks.
 */
const openApiPath = /^\/api\/(health|catalogue|auth\/sign-in|auth\/sign-out|invitations)(\/|$)/;
const studioApiPath = /^\/api(\/|$)/;
/** a run and its events, which the API key that started the run may also read (the route checks the key) */
const runReadPath = /^\/api\/runs\/[^/]+(\/events)?\/?$/;
const keyReadsRun = (ctx: Context) => ctx.method === 'GET' && runReadPath.test(ctx.path) && ctx.get('authorization') !== '';
/** a flow's or project's tests (CI: `npm run flow-tests`), which an API key of the project may also call (the route checks the key) */
const testsPath = /^\/api\/(flows|projects)\/[^/]+\/tests(\/|$)/;
const keyCallsTests = (ctx: Context) => testsPath.test(ctx.path) && ctx.get('authorization') !== '';
const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AuthStores {
  users: UserStore;
  organisations: OrganisationStore;
  sessions: SessionStore;
  projects: ProjectStore;
}

const invalidCsrf = () => new ForbiddenError('Invalid CSRF token', 'invalid_csrf');

/** 403 unless the request carries the session's CSRF token (compared in constant time) */
export function checkCsrf(ctx: Context, session: Session): void {
  const sent = Buffer.from(ctx.get(CSRF_HEADER));
  const expected = Buffer.from(session.csrfToken);
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw invalidCsrf();
}

export function setSessionCookie(ctx: Context, session: Session, ttlSeconds: number): void {
  ctx.cookies.set(SESSION_COOKIE, session.id, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: ttlSeconds * 1000,
    secure: ctx.secure,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', path: '/', secure: ctx.secure, overwrite: true });
}

export function sessionGate(stores: AuthStores): Middleware {
  return async function gate(ctx, next) {
    const studio = studioApiPath.test(ctx.path);
    const cookie = studio ? ctx.cookies.get(SESSION_COOKIE) : undefined;
    const session = cookie ? await stores.sessions.get(cookie) : null;
    const user = session ? await stores.users.get(session.userId) : null;
    if (session && user) {
      ctx.state.session = session;
      // open event streams ask this now and then: a stream ends soon after its session does
      ctx.state.stillSignedIn = () => stores.sessions.isLive(session.id);
      ctx.state.user = user;
      ctx.state.access = new ProjectAccess(user, stores.projects, stores.organisations);
      if (session.renewed) setSessionCookie(ctx, session, stores.sessions.ttlSeconds);
    } else if (cookie) {
      clearSessionCookie(ctx); // expired or signed out elsewhere: the browser can forget it
    }
    if (studio && !openApiPath.test(ctx.path)) {
      if (!session || !user) {
        if (keyReadsRun(ctx) || keyCallsTests(ctx)) return next();
        throw unauthorized();
      }
      if (writes.has(ctx.method)) checkCsrf(ctx, session);
    }
    await next();
  };
}
