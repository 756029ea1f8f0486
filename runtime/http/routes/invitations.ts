/**
 * @module runtime/http/routes/invitations — the invited person's side (contract/accounts.ts):
 * `GET /api/invitations/:token` shows what the link invites to; `POST
 * /api/invitations/:token/accept` joins — signed in as the invited email (`{}`), or, without
 * an account for it, `{name, password}` makes one and signs in. Open paths (session-gate.ts):
 * the token is the proof. An unknown, expired, accepted or revoked link is 404 'Invitation not
 * found'; signed in as someone else is 403; an email that has an account must sign in first (409).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AcceptedInvitation, InvitationPreview } from '../../../contract/accounts.ts';
import { accountInput } from '../../services/auth/accounts.ts';
import { setSessionCookie, type AuthStores } from '../../services/auth/session-gate.ts';
import type { Session } from '../../services/stores/sessions.ts';
import type { Invitation, InvitationStore } from '../../services/stores/invitations.ts';
import { publicUser, type User } from '../../services/stores/users.ts';
import { objectBody } from '../body.ts';
import { HttpError, notFound } from '../errors.ts';
import { checkCsrf } from '../../services/auth/session-gate.ts';

export function invitationsRouter(deps: AuthStores & { invitations: InvitationStore }): Router {
  const router = new Router({ prefix: '/api/invitations' });
  const invitationOf = async (ctx: Context): Promise<Invitation> => {
    const invitation = await deps.invitations.byToken(ctx.params.token);
    if (!invitation) throw notFound('Invitation not found');
    return invitation;
  };

  router.get('/:token', async function previewInvitation(ctx) {
    const invitation = await invitationOf(ctx);
    const organisation = await deps.organisations.get(invitation.organisationId);
    if (!organisation) throw notFound('Invitation not found');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { organisation: { id: organisation.id, name: organisation.name }, email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt } satisfies InvitationPreview;
  });

  router.post('/:token/accept', async function acceptInvitation(ctx) {
    const invitation = await invitationOf(ctx);
    const session = ctx.state.session as Session | undefined;
    let user = ctx.state.user as User | undefined;
    let csrfToken: string | undefined;
    if (session && user) {
      checkCsrf(ctx, session);
      if (user.email !== invitation.email) throw new HttpError(403, 'forbidden', `This invitation is for ${invitation.email}: sign in with that address to accept it`);
    } else {
      if (await deps.users.byEmail(invitation.email)) throw new HttpError(409, 'conflict', `Sign in as ${invitation.email} to accept this invitation`);
      user = await deps.users.create(accountInput({ ...objectBody(ctx), email: invitation.email }));
      const made = await deps.sessions.create(user.id);
      setSessionCookie(ctx, made, deps.sessions.ttlSeconds);
      csrfToken = made.csrfToken;
    }
    const organisation = await deps.organisations.get(invitation.organisationId);
    if (!organisation || !(await deps.invitations.end(invitation.organisationId, invitation.id))) throw notFound('Invitation not found');
    // a member already keeps their role; the invitation is used up either way
    const role = (await deps.organisations.roleOf(user.id, organisation.id)) ?? invitation.role;
    await deps.organisations.setMember(organisation.id, user.id, role);
    ctx.body = { organisation: { ...organisation, role }, user: publicUser(user), ...(csrfToken ? { csrfToken } : {}) } satisfies AcceptedInvitation;
  });
  return router;
}
