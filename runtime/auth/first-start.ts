/**
 * @module runtime/auth/first-start — the admin account of `npm start`: made on the first start
 * (WEFT_ADMIN_EMAIL, default admin@weft.local; WEFT_ADMIN_PASSWORD, or a generated password
 * that is printed once and kept in `<data dir>/admin-password.txt`, mode 0600), found on later
 * ones. Also a short-lived session for the start command's own calls (the demo seed).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { OrganisationStore } from '../stores/organisations.ts';
import { SessionStore } from '../stores/sessions.ts';
import { UserStore } from '../stores/users.ts';
import { ensureAdmin, type AdminAccount } from './accounts.ts';
import { CSRF_HEADER, SESSION_COOKIE } from './session-gate.ts';

export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

export interface FirstStart {
  admin: AdminAccount;
  /** what to tell the person who started weft: how to sign in */
  message: string;
  /** a session of the admin for the start command's own API calls; `end()` deletes it */
  session: { headers: Record<string, string>; end(): Promise<void> };
}

export async function prepareAdmin(
  redis: Redis,
  options: { prefix: string; dataDir: string; env?: NodeJS.ProcessEnv },
): Promise<FirstStart> {
  const env = options.env ?? process.env;
  const stores = { users: new UserStore(redis, options.prefix), organisations: new OrganisationStore(redis, options.prefix) };
  const admin = await ensureAdmin(stores, { email: env.WEFT_ADMIN_EMAIL?.trim() || undefined, password: env.WEFT_ADMIN_PASSWORD || undefined });
  const file = join(options.dataDir, ADMIN_PASSWORD_FILE);
  const email = admin.user.email;
  let message: string;
  if (admin.created?.generated) {
    writeFileSync(file, `email: ${email}\npassword: ${admin.created.password}\n`, { mode: 0o600 });
    message =
      `Admin account created. Sign in as ${email} with the password\n\n    ${admin.created.password}\n\n` +
      `  (shown once; also kept in ${file}, readable by you only. Change it in the studio.)`;
  } else if (admin.created) {
    message = `Admin account created: sign in as ${email} with WEFT_ADMIN_PASSWORD`;
  } else {
    message = existsSync(file)
      ? `Sign in as ${email} (the generated password is in ${file}, unless you changed it in the studio)`
      : `Sign in as ${email} with your password`;
  }
  const sessions = new SessionStore(redis, options.prefix, 600);
  const own = await sessions.create(admin.user.id);
  return {
    admin,
    message,
    session: {
      headers: { cookie: `${SESSION_COOKIE}=${own.id}`, [CSRF_HEADER]: own.csrfToken },
      end: () => sessions.delete(own.id),
    },
  };
}
