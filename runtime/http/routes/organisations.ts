/**
 * @module runtime/http/routes/organisations — the signed-in user's organisations and their
 * members. A non-member gets 404 for an organisation (as if it did not exist); inviting people
 * and changing members takes an owner (403 for a member).
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { accessOf, forbidden } from '../../services/auth/access.ts';
import { emailShape, MAX_NAME } from '../../services/auth/accounts.ts';
import type { AuthStores } from '../../services/auth/session-gate.ts';
import { ROLES, type InvitationView, type Member, type OrganisationView, type Role, type SentInvitation } from '../../../contract/accounts.ts';
import type { Invitation, InvitationStore } from '../../services/stores/invitations.ts';
import { publicUser } from '../../services/stores/users.ts';
import { objectBody } from '../body.ts';
import { badRequest, HttpError, notFound } from '../errors.ts';

const organisationNotFound = () => notFound('Organisation not found');

export const invitationView = ({ id, organisationId, email, role, expiresAt }: Invitation): InvitationView => ({ id, organisationId, email, role, expiresAt });

function roleOf(value: unknown): Role {
  if (value === undefined) return 'member';
  if (!ROLES.includes(value as Role)) throw badRequest(`role must be ${ROLES.join(' or ')}`);
  return value as Role;
}

export function organisationsRouter(deps: AuthStores & { invitations: InvitationStore }): Router {
  const router = new Router({ prefix: '/api/organisations' });

  /** the organisation with the user's role in it; 404 for a non-member, 403 when `owner` is needed and they are a member */
  const organisationFor = async (ctx: Context, id: string, need?: 'owner') => {
    const role = await accessOf(ctx).roleIn(id);
    const organisation = role ? await deps.organisations.get(id) : null;
    if (!role || !organisation) throw organisationNotFound();
    if (need === 'owner' && role !== 'owner') throw forbidden('Only an owner of the organisation can do this');
    return { ...organisation, role };
  };

  router.get('/', async function listOrganisations(ctx) {
    const memberships = await deps.organisations.membershipsOf(accessOf(ctx).user.id);
    ctx.body = memberships.map(({ organisation, role }): OrganisationView => ({ ...organisation, role }));
  });

  /** {name} → 201; the user becomes its owner */
  router.post('/', async function createOrganisation(ctx) {
    const organisation = await deps.organisations.create(nameOf(objectBody(ctx).name), accessOf(ctx).user.id);
    ctx.status = 201;
    ctx.body = { ...organisation, role: 'owner' } satisfies OrganisationView;
  });

  router.get('/:organisationId', async function getOrganisation(ctx) {
    ctx.body = await organisationFor(ctx, ctx.params.organisationId);
  });

  /** owners rename it `{name}`; the slug and plan stay (plans are the operator's: npm run organisations) */
  router.put('/:organisationId', async function renameOrganisation(ctx) {
    const organisation = await organisationFor(ctx, ctx.params.organisationId, 'owner');
    const { name } = objectBody(ctx);
    const changed = await deps.organisations.update(organisation.id, { name: nameOf(name) });
    ctx.body = { ...changed, role: organisation.role };
  });

  router.get('/:organisationId/members', async function listMembers(ctx) {
    await organisationFor(ctx, ctx.params.organisationId);
    const roles = await deps.organisations.members(ctx.params.organisationId);
    const users = await Promise.all(Object.keys(roles).map((id) => deps.users.get(id)));
    ctx.body = users.filter((u) => u !== null).map((u): Member => ({ ...publicUser(u), role: roles[u.id] }));
  });

  /**
   * Owners invite people `{email, role?}`: 202 with the invitation and its link, the same answer
   * whether or not the email has an account (it tells nobody who has one). The invited person
   * accepts it (routes/invitations.ts); nobody joins without their consent.
   */
  router.post('/:organisationId/members', async function inviteMember(ctx) {
    const organisation = await organisationFor(ctx, ctx.params.organisationId, 'owner');
    const body = objectBody(ctx);
    for (const field of Object.keys(body)) {
      if (field !== 'email' && field !== 'role') throw badRequest(`Unknown field ${field}: people join by invitation, send {email, role}`);
    }
    const role = roleOf(body.role);
    if (typeof body.email !== 'string' || !emailShape.test(body.email.trim())) throw badRequest('An invitation needs an email address (email)');
    const { invitation, token } = await deps.invitations.create({ organisationId: organisation.id, email: body.email, role, invitedBy: accessOf(ctx).user.id });
    ctx.status = 202;
    ctx.body = { invitation: invitationView(invitation), acceptPath: `/invitations/${token}` } satisfies SentInvitation;
  });

  router.get('/:organisationId/invitations', async function pendingInvitations(ctx) {
    const organisation = await organisationFor(ctx, ctx.params.organisationId, 'owner');
    ctx.body = (await deps.invitations.pending(organisation.id)).map(invitationView);
  });

  router.delete('/:organisationId/invitations/:invitationId', async function revokeInvitation(ctx) {
    const organisation = await organisationFor(ctx, ctx.params.organisationId, 'owner');
    if (!(await deps.invitations.end(organisation.id, ctx.params.invitationId))) throw notFound('Invitation not found');
    ctx.status = 204;
  });

  /** owners change a member's role `{role}`; the last owner stays an owner */
  router.put('/:organisationId/members/:userId', async function changeRole(ctx) {
    const organisation = await organisationFor(ctx, ctx.params.organisationId, 'owner');
    const role = roleOf(objectBody(ctx).role);
    const roles = await deps.organisations.members(organisation.id);
    if (!roles[ctx.params.userId]) throw notFound('Member not found');
    if (role !== 'owner') lastOwnerStays(roles, ctx.params.userId);
    await deps.organisations.setMember(organisation.id, ctx.params.userId, role);
    const user = await deps.users.get(ctx.params.userId);
    ctx.body = { ...(user ? publicUser(user) : { id: ctx.params.userId }), role };
  });

  /** owners remove members (anyone may leave); the last owner cannot go */
  router.delete('/:organisationId/members/:userId', async function removeMember(ctx) {
    const self = ctx.params.userId === accessOf(ctx).user.id;
    const organisation = await organisationFor(ctx, ctx.params.organisationId, self ? undefined : 'owner');
    const roles = await deps.organisations.members(organisation.id);
    if (!roles[ctx.params.userId]) throw notFound('Member not found');
    lastOwnerStays(roles, ctx.params.userId);
    await deps.organisations.removeMember(organisation.id, ctx.params.userId);
    ctx.status = 204;
  });

  return router;
}

/** a name holds something to read: not only spaces and invisible format characters (zero-width spaces…) */
const readable = /[^\s\p{Cf}]/u;
const controlCharacter = /\p{Cc}/u;

function nameOf(name: unknown): string {
  if (typeof name === 'string' && controlCharacter.test(name)) throw badRequest('An organisation name cannot contain control characters');
  if (typeof name !== 'string' || !readable.test(name)) throw badRequest('An organisation needs a name');
  if (name.trim().length > MAX_NAME) throw badRequest(`An organisation name has at most ${MAX_NAME} characters`);
  return name.trim();
}

function lastOwnerStays(roles: Record<string, Role>, leaving: string): void {
  const owners = Object.keys(roles).filter((id) => roles[id] === 'owner');
  if (owners.length === 1 && owners[0] === leaving) throw new HttpError(409, 'conflict', 'An organisation keeps at least one owner');
}
