/**
 * @module runtime/services/auth/first-start — the admin account of `npm start`: made on the first start
 * (WEFT_ADMIN_EMAIL, default admin@weft.local; WEFT_ADMIN_PASSWORD, or a generated password
 * that is printed once and kept, alone, in `<data dir>/admin-password.txt`, mode 0600), found on
 * later ones. Also a short-lived session for the start command's own calls (the demo seed).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { OrganisationStore } from '../stores/organisations.ts';
import { SessionStore } from '../stores/sessions.ts';
import { UserStore } from '../stores/users.ts';
import { ensureAdmin, type AdminAccount } from './accounts.ts';
import { verifyPassword } from './password.ts';
import { CSRF_HEADER, SESSION_COOKIE } from './session-gate.ts';

export const ADMIN_PASSWORD_FILE = 'admin-password.txt';

/**
 * The password kept in the file's text: the whole (one-line) text, or, as installs before
 * 2026-11 wrote it, the value of its `password: ` line beside an `email: ` line. null: none.
 */
export function passwordInFile(text: string): string | null {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length === 1) return lines[0];
  const old = lines.find((line) => line.startsWith('password: '));
  return old ? old.slice('password: '.length) : null;
}

/** What a later start says: where the generated password is, if the file still holds the admin's password. */
async function laterStartMessage(file: string, email: string, passwordHash: string | undefined): Promise<string> {
  const kept = existsSync(file) ? passwordInFile(readFileSync(file, 'utf8')) : null;
  if (!kept) return `Sign in as ${email} with your password`;
  if (!passwordHash || !(await verifyPassword(kept, passwordHash))) {
    return `Sign in as ${email} with the password you set in the studio (the one in ${file} is no longer valid)`;
  }
  // an older install's file (email and password lines) now holds just the password
  if (readFileSync(file, 'utf8') !== `${kept}\n`) writeFileSync(file, `${kept}\n`, { mode: 0o600 });
  return `Sign in as ${email} with the password in ${file}`;
}

export interface FirstStart {
  admin: AdminAccount;
  /** what to tell the person who started weft: how to sign in */
  message: string;
  /** a session of the admin for the start command's own API calls; `end()` deletes it */
  session: { headers: Record<string, string>; end(): Promise<void> };
}

export async function prepareAdmin(
  redis: Redis,
  options: { prefix: string; dataDir: string; admin: { email?: string; password?: string } },
): Promise<FirstStart> {
  const stores = { users: new UserStore(redis, options.prefix), organisations: new OrganisationStore(redis, options.prefix) };
  const admin = await ensureAdmin(stores, options.admin);
  const file = join(options.dataDir, ADMIN_PASSWORD_FILE);
  const email = admin.user.email;
  let message: string;
  if (admin.created?.generated) {
    writeFileSync(file, `${admin.created.password}\n`, { mode: 0o600 });
    message =
      `Admin account created. Sign in as ${email} with the password\n\n    ${admin.created.password}\n\n` +
      `  (shown once; also kept in ${file}, readable by you only. Change it in the studio.)`;
  } else if (admin.created) {
    message = `Admin account created: sign in as ${email} with WEFT_ADMIN_PASSWORD`;
  } else {
    message = await laterStartMessage(file, email, (await stores.users.byEmail(email))?.passwordHash);
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
