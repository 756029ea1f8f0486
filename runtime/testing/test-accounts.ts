/**
 * @module runtime/testing/test-accounts — users for tests, made in the stores and signed in
 * over HTTP: the admin every test weft starts with, and more people for isolation tests.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { createAccount } from '../services/auth/accounts.ts';
import type { Organisation, Role } from '../../contract/accounts.ts';
import { OrganisationStore } from '../services/stores/organisations.ts';
import { UserStore } from '../services/stores/users.ts';
import { signInAt, type SignedInClient } from './session-client.ts';

export interface NewUserOptions {
  email?: string;
  name?: string;
  password?: string;
  /** join this organisation with `role` (default member); without it the user owns a new one */
  organisationId?: string;
  role?: Role;
  /** the new organisation's name (default `<name>'s organisation`) */
  organisationName?: string;
}

export interface TestUser extends SignedInClient {
  password: string;
  organisation: Organisation;
}

export interface TestAccounts {
  users: UserStore;
  organisations: OrganisationStore;
  /** sign in as anyone */
  signIn(email: string, password: string): Promise<SignedInClient>;
  /** a new user (in a new organisation of their own unless `organisationId`), signed in */
  createUser(options?: NewUserOptions): Promise<TestUser>;
}

export function testAccounts(redis: Redis, prefix: string, base: string): TestAccounts {
  const users = new UserStore(redis, prefix);
  const organisations = new OrganisationStore(redis, prefix);
  const signIn = (email: string, password: string) => signInAt(base, email, password);
  return {
    users,
    organisations,
    signIn,
    async createUser(options = {}) {
      const tag = randomUUID().slice(0, 8);
      const name = options.name ?? `User ${tag}`;
      const email = options.email ?? `user-${tag}@weft.test`;
      const password = options.password ?? `pw-${randomUUID()}`;
      let organisation: Organisation;
      if (options.organisationId) {
        const found = await organisations.get(options.organisationId);
        if (!found) throw new Error(`createUser: no organisation ${options.organisationId}`);
        const user = await users.create({ email, name, password });
        await organisations.setMember(found.id, user.id, options.role ?? 'member');
        organisation = found;
      } else {
        ({ organisation } = await createAccount({ users, organisations }, { email, name, password, organisationName: options.organisationName ?? `${name}'s organisation` }));
      }
      return { ...(await signIn(email, password)), password, organisation };
    },
  };
}
