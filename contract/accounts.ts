/**
 * @module contract/accounts — users, organisations and memberships as the sign-in and
 * organisation routes answer them and take them. Browser-safe: types and the role list.
 */

export type Role = 'owner' | 'member';
export const ROLES: readonly Role[] = ['owner', 'member'];

/** Which tenant a vector store is scoped by (spec 000 §6): none, the project slug, or the organisation slug. */
export type Tenancy = 'single' | 'project' | 'organisation';

export interface Organisation {
  id: string;
  slug: string;
  name: string;
  /** the store's default plan when made (WEFT_DEFAULT_PLAN, 'starter' unless set) unless made on another or changed */
  plan: string;
  cluster: { id: string; config: { tenancy: Tenancy } & Record<string, unknown> };
  createdAt: number;
}

/** An organisation as the organisation routes answer it: with the signed-in user's role in it. */
export type OrganisationView = Organisation & { role: Role };

/** One of the signed-in user's organisations, as `GET /api/auth/me` lists them. */
export type OrganisationSummary = Pick<OrganisationView, 'id' | 'slug' | 'name' | 'role'>;

/** A user as the API shows one: never the password hash. */
export interface UserView {
  id: string;
  email: string;
  name: string;
}

/** A member of an organisation (`GET /api/organisations/:organisationId/members`). */
export interface Member extends UserView {
  role: Role;
}

/** Adding a member: an existing user by email; someone new also needs a password (and may have a name). */
/**
 * `POST /api/organisations/:id/members` `{email, role?}` (owners): an invitation, never a
 * membership. 202 with the same answer whether or not the email has an account; the invited
 * person accepts through the link (`acceptPath`, valid 7 days).
 */
export interface NewInvitation {
  email: string;
  role?: Role;
}

export interface InvitationView {
  id: string;
  organisationId: string;
  email: string;
  role: Role;
  expiresAt: number;
}

export interface SentInvitation {
  invitation: InvitationView;
  /** the studio page that accepts it: `/invitations/<token>` (the token is shown only here) */
  acceptPath: string;
}

/** `GET /api/invitations/:token` (open): what the link invites to. */
export interface InvitationPreview {
  organisation: { id: string; name: string };
  email: string;
  role: Role;
  expiresAt: number;
}

/**
 * `POST /api/invitations/:token/accept`: signed in as the invited email, `{}`; without an
 * account, `{name, password}` makes it (and signs in). Either way the answer names the
 * organisation joined, with the session's `csrfToken` when it made one.
 */
export interface AcceptedInvitation {
  organisation: OrganisationView;
  user: UserView;
  csrfToken?: string;
}

/** `POST /api/auth/sign-in`: the session cookie is set; writes send `csrfToken` as `x-csrf-token`. */
export interface SignedIn {
  user: UserView;
  csrfToken: string;
}

/** `GET /api/auth/me`. */
export interface Me extends SignedIn {
  organisations: OrganisationSummary[];
}
