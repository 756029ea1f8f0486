/**
 * @module runtime/services/stores/users — studio users in Redis: `{prefix}user:{id}` (JSON with the
 * password hash), `{prefix}user-email:{email}` (the id; an email belongs to one user),
 * `{prefix}users` (zset of ids by creation ms). Emails are kept trimmed and lower-case.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { UserView } from '../../../contract/accounts.ts';
import { hashPassword } from '../auth/password.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';

export interface User {
  id: string;
  email: string;
  name: string;
  createdAt: number;
}

/** the stored record: never answered to a client as it is */
export interface StoredUser extends User {
  passwordHash: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** the fields a client may see */
export const publicUser = ({ id, email, name }: User): UserView => ({ id, email, name });

export class UserStore {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(id: string): string {
    return `${this.prefix}user:${id}`;
  }

  private emailKey(email: string): string {
    return `${this.prefix}user-email:${normaliseEmail(email)}`;
  }

  /** a new user; 409 when the email is taken (checked and claimed atomically) */
  async create(input: { email: string; name: string; password: string }): Promise<User> {
    const user: StoredUser = {
      id: `user_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
      email: normaliseEmail(input.email),
      name: input.name,
      passwordHash: await hashPassword(input.password),
      createdAt: Date.now(),
    };
    const claimed = await this.redis.set(this.emailKey(user.email), user.id, 'NX');
    if (claimed !== 'OK') throw new ConflictError(`A user with the email ${user.email} exists already`);
    await this.redis.multi().set(this.key(user.id), JSON.stringify(user)).zadd(`${this.prefix}users`, user.createdAt, user.id).exec();
    const { passwordHash: _hash, ...visible } = user;
    return visible;
  }

  async get(id: string): Promise<User | null> {
    const stored = await this.getStored(id);
    if (!stored) return null;
    const { passwordHash: _hash, ...visible } = stored;
    return visible;
  }

  /** the record with its password hash, for signing in */
  async getStored(id: string): Promise<StoredUser | null> {
    const text = await this.redis.get(this.key(id));
    return text ? (JSON.parse(text) as StoredUser) : null;
  }

  async byEmail(email: string): Promise<StoredUser | null> {
    const id = await this.redis.get(this.emailKey(email));
    return id ? this.getStored(id) : null;
  }

  async setPassword(id: string, password: string): Promise<void> {
    const stored = await this.getStored(id);
    if (!stored) throw new NotFoundError('User not found');
    await this.redis.set(this.key(id), JSON.stringify({ ...stored, passwordHash: await hashPassword(password) }));
  }
}
