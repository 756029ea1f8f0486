/**
 * @module runtime/services/auth/accounts — making accounts: a user with an organisation of their own,
 * and the first start's admin account.
 */
import { ValidationError } from '../domain-errors.ts';
import type { Organisation } from '../../../contract/accounts.ts';
import type { OrganisationStore } from '../stores/organisations.ts';
import type { User, UserStore } from '../stores/users.ts';
import { UNLIMITED_PLAN } from '../usage/plans.ts';
import { generatePassword, MAX_PASSWORD, MIN_PASSWORD } from './password.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@weft.local';
export const MAX_NAME = 100;
export const emailShape = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** the checked email, name and password of a new user; a clear 400 otherwise */
export function accountInput(body: Record<string, unknown>, options: { nameFallback?: boolean } = {}): { email: string; name: string; password: string } {
  const { email, name, password } = body;
  if (typeof email !== 'string' || !emailShape.test(email.trim())) throw new ValidationError('A user needs an email address (email)');
  const fallback = options.nameFallback ? email.trim().split('@')[0] : undefined;
  const userName = typeof name === 'string' && name.trim() ? name.trim() : fallback;
  if (!userName) throw new ValidationError('A user needs a name');
  if (userName.length > MAX_NAME) throw new ValidationError(`A user name has at most ${MAX_NAME} characters`);
  checkNewPassword(password);
  return { email: email.trim(), name: userName, password: password as string };
}

export function checkNewPassword(password: unknown): asserts password is string {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new ValidationError(`A password has ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`);
  }
}

/** a user who owns a new organisation of the given name (on `plan`, else the store's default plan) */
export async function createAccount(
  stores: { users: UserStore; organisations: OrganisationStore },
  input: { email: string; name: string; password: string; organisationName: string; plan?: string },
): Promise<{ user: User; organisation: Organisation }> {
  const user = await stores.users.create(input);
  const organisation = await stores.organisations.create(input.organisationName, user.id, input.plan);
  return { user, organisation };
}

export interface AdminAccount {
  user: User;
  organisation: Organisation;
  /** set only when the account was made just now */
  created?: { password: string; generated: boolean };
}

/**
 * The admin account and its organisation, made on the first start: `email` (default
 * admin@weft.local) with `password`, or a generated one the caller shows once. The organisation
 * is on the unlimited plan: a self-hosted install's own calls are not the starter plan's to cap.
 * Later starts find it and change nothing (a password set in the studio, a plan an operator set, stay).
 */
export async function ensureAdmin(
  stores: { users: UserStore; organisations: OrganisationStore },
  options: { email?: string; password?: string } = {},
): Promise<AdminAccount> {
  const email = options.email || DEFAULT_ADMIN_EMAIL;
  const existing = await stores.users.byEmail(email);
  if (existing) {
    const [first] = await stores.organisations.membershipsOf(existing.id);
    const organisation = first?.organisation ?? (await stores.organisations.create('Admin', existing.id, UNLIMITED_PLAN));
    const { passwordHash: _hash, ...user } = existing;
    return { user, organisation };
  }
  const generated = !options.password;
  const password = options.password || generatePassword();
  checkNewPassword(password);
  const account = await createAccount(stores, { email, name: 'Admin', password, organisationName: 'Admin', plan: UNLIMITED_PLAN });
  return { ...account, created: { password, generated } };
}
