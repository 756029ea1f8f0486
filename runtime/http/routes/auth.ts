/**
 * @module runtime/http/routes/auth — sign in, sign out, who am I, change my password.
 * The session itself is checked by runtime/services/auth/session-gate.ts.
 */
import Router from '@koa/router';
import type { Me, SignedIn } from '../../../contract/accounts.ts';
import { accessOf } from '../../services/auth/access.ts';
import { checkNewPassword } from '../../services/auth/accounts.ts';
import { decoyHash, MAX_PASSWORD, verifyPassword } from '../../services/auth/password.ts';
import { checkCsrf, clearSessionCookie, setSessionCookie, type AuthStores } from '../../services/auth/session-gate.ts';
import type { SignInLimit } from '../../services/auth/sign-in-limit.ts';
import type { Session } from '../../services/stores/sessions.ts';
import { normaliseEmail, publicUser } from '../../services/stores/users.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError } from '../errors.ts';

export const INVALID_SIGN_IN = 'Invalid email or password';

export function authRouter(deps: AuthStores & { signInLimit: SignInLimit }): Router {
  const router = new Router({ prefix: '/api/auth' });

  /** {email, password} → {user, csrfToken} and the session cookie; any mismatch is the same 401 */
  router.post('/sign-in', async function signIn(ctx) {
    const { email, password } = objectBody(ctx);
    if (typeof email !== 'string' || typeof password !== 'string') throw badRequest('Send email and password');
    const address = ctx.ip;
    const normalised = normaliseEmail(email);
    await deps.signInLimit.check(normalised, address);
    const stored = password.length <= MAX_PASSWORD ? await deps.users.byEmail(normalised) : null;
    // An unknown email still costs one scrypt, so the answer's timing does not tell it apart.
    const matches = await verifyPassword(password, stored?.passwordHash ?? (await decoyHash()));
    if (!stored || !matches) {
      await deps.signInLimit.failed(normalised, address);
      throw new HttpError(401, 'invalid_credentials', INVALID_SIGN_IN);
    }
    await deps.signInLimit.succeeded(normalised, address);
    const previous = ctx.state.session as Session | undefined;
    if (previous) await deps.sessions.delete(previous.id);
    const session = await deps.sessions.create(stored.id);
    setSessionCookie(ctx, session, deps.sessions.ttlSeconds);
    ctx.body = { user: publicUser(stored), csrfToken: session.csrfToken } satisfies SignedIn;
  });

  /** ends the session (CSRF-checked when there is one) and clears the cookie; 204 either way */
  router.post('/sign-out', async function signOut(ctx) {
    const session = ctx.state.session as Session | undefined;
    if (session) {
      checkCsrf(ctx, session);
      await deps.sessions.delete(session.id);
    }
    clearSessionCookie(ctx);
    ctx.status = 204;
  });

  router.get('/me', async function me(ctx) {
    const { user } = accessOf(ctx);
    const memberships = await deps.organisations.membershipsOf(user.id);
    ctx.body = {
      user: publicUser(user),
      organisations: memberships.map(({ organisation: { id, slug, name }, role }) => ({ id, slug, name, role })),
      csrfToken: (ctx.state.session as Session).csrfToken,
    } satisfies Me;
  });

  /** {currentPassword, newPassword}: the signed-in user's password; every other session of theirs ends */
  router.put('/password', async function changePassword(ctx) {
    const { currentPassword, newPassword } = objectBody(ctx);
    const { user } = accessOf(ctx);
    const stored = await deps.users.getStored(user.id);
    if (typeof currentPassword !== 'string' || !stored || !(await verifyPassword(currentPassword, stored.passwordHash))) {
      throw new HttpError(403, 'forbidden', 'The current password is wrong');
    }
    checkNewPassword(newPassword);
    await deps.users.setPassword(user.id, newPassword);
    await deps.sessions.deleteAllOf(user.id, (ctx.state.session as Session).id);
    ctx.status = 204;
  });

  return router;
}
