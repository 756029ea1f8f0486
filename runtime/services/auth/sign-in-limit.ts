/**
 * @module runtime/services/auth/sign-in-limit — failed sign-ins per email and client address in Redis:
 * `{prefix}sign-in-failures:{sha256(email|address)}` (counter, expires 15 minutes after the
 * first failure). After 10 failures that pair is refused until the counter expires; one
 * success clears it. Keyed by the pair, so nobody can lock another person out from elsewhere.
 */
import { createHash } from 'node:crypto';
import type Redis from 'ioredis';
import { TooManyAttemptsError } from '../domain-errors.ts';

export const MAX_FAILURES = 10;
export const FAILURE_WINDOW_SECONDS = 15 * 60;

export class SignInLimit {
  constructor(private readonly redis: Redis, private readonly prefix: string) {}

  private key(email: string, address: string): string {
    return `${this.prefix}sign-in-failures:${createHash('sha256').update(`${email}|${address}`).digest('hex')}`;
  }

  /** 429 when this email has failed too often from this address lately */
  async check(email: string, address: string): Promise<void> {
    const failures = Number((await this.redis.get(this.key(email, address))) ?? 0);
    if (failures >= MAX_FAILURES) {
      throw new TooManyAttemptsError(`Too many failed sign-ins: try again in ${FAILURE_WINDOW_SECONDS / 60} minutes`);
    }
  }

  async failed(email: string, address: string): Promise<void> {
    const key = this.key(email, address);
    await this.redis.multi().incr(key).expire(key, FAILURE_WINDOW_SECONDS, 'NX').exec();
  }

  async succeeded(email: string, address: string): Promise<void> {
    await this.redis.del(this.key(email, address));
  }
}
