import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationStore } from '../stores/organisations.ts';
import { UserStore } from '../stores/users.ts';
import { ADMIN_PASSWORD_FILE, passwordInFile, prepareAdmin } from './first-start.ts';
import { verifyPassword } from './password.ts';

let redis: Redis;
let dataDir: string;
const prefixes: string[] = [];
const freshPrefix = () => {
  const prefix = `weft-test-${randomUUID()}:`;
  prefixes.push(prefix);
  return prefix;
};

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL!);
  dataDir = mkdtempSync(join(tmpdir(), 'weft-first-start-'));
});
afterAll(async () => {
  for (const prefix of prefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the first start', () => {
  it('makes admin@weft.local with a generated password, shown once with the email and kept alone in a 0600 file; a restart points there', async () => {
    const prefix = freshPrefix();
    const first = await prepareAdmin(redis, { prefix, dataDir, admin: {} });
    await first.session.end();
    const password = first.admin.created!.password;
    expect(first.admin.created!.generated).toBe(true);
    expect(first.admin.user.email).toBe('admin@weft.local');
    expect(first.message).toContain(password);
    expect(first.message).toContain('Sign in as admin@weft.local');
    const file = join(dataDir, ADMIN_PASSWORD_FILE);
    expect(readFileSync(file, 'utf8')).toBe(`${password}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const stored = await new UserStore(redis, prefix).byEmail('admin@weft.local');
    expect(await verifyPassword(password, stored!.passwordHash)).toBe(true);
    const memberships = await new OrganisationStore(redis, prefix).membershipsOf(stored!.id);
    expect(memberships.map((m) => [m.organisation.id, m.role])).toEqual([[first.admin.organisation.id, 'owner']]);

    const again = await prepareAdmin(redis, { prefix, dataDir, admin: { password: 'ignored-on-restart' } });
    await again.session.end();
    expect(again.admin.created).toBeUndefined();
    expect(again.admin.user.id).toBe(stored!.id);
    expect(again.admin.organisation.id).toBe(first.admin.organisation.id);
    expect(again.message).toBe(`Sign in as admin@weft.local with the password in ${file}`);
    expect(again.message).not.toContain(password);
    expect(await verifyPassword(password, (await new UserStore(redis, prefix).byEmail('admin@weft.local'))!.passwordHash)).toBe(true);
  });

  it('takes WEFT_ADMIN_EMAIL and WEFT_ADMIN_PASSWORD, and refuses a too-short password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-first-start-'));
    try {
      const prefix = freshPrefix();
      const first = await prepareAdmin(redis, { prefix, dataDir: dir, admin: { email: 'Ops@Example.test', password: 'chosen-password' } });
      await first.session.end();
      expect(first.admin.user.email).toBe('ops@example.test');
      expect(first.admin.created).toEqual({ password: 'chosen-password', generated: false });
      expect(first.message).not.toContain('chosen-password');
      expect(() => statSync(join(dir, ADMIN_PASSWORD_FILE))).toThrow();
      await expect(prepareAdmin(redis, { prefix: freshPrefix(), dataDir: dir, admin: { password: 'short' } })).rejects.toThrow('A password has 8 to 1024 characters');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives the start command a session of the admin's that ends when it is done", async () => {
    const prefix = freshPrefix();
    const first = await prepareAdmin(redis, { prefix, dataDir, admin: {} });
    expect(first.session.headers.cookie).toMatch(/^weft_session=[\w-]{43}$/);
    expect(await redis.keys(`${prefix}session:*`)).toHaveLength(1);
    await first.session.end();
    expect(await redis.keys(`${prefix}session:*`)).toHaveLength(0);
  });

  it("reads an earlier install's file (email and password lines), points there, and leaves just the password in it", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-first-start-'));
    try {
      const prefix = freshPrefix();
      const first = await prepareAdmin(redis, { prefix, dataDir: dir, admin: {} });
      await first.session.end();
      const password = first.admin.created!.password;
      const file = join(dir, ADMIN_PASSWORD_FILE);
      writeFileSync(file, `email: admin@weft.local\npassword: ${password}\n`);
      const later = await prepareAdmin(redis, { prefix, dataDir: dir, admin: {} });
      await later.session.end();
      expect(later.message).toBe(`Sign in as admin@weft.local with the password in ${file}`);
      expect(readFileSync(file, 'utf8')).toBe(`${password}\n`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('says so on a later start when the password was changed in the studio', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'weft-first-start-'));
    try {
      const prefix = freshPrefix();
      const first = await prepareAdmin(redis, { prefix, dataDir: dir, admin: {} });
      await first.session.end();
      const users = new UserStore(redis, prefix);
      await users.setPassword(first.admin.user.id, 'changed-in-the-studio');
      const later = await prepareAdmin(redis, { prefix, dataDir: dir, admin: {} });
      await later.session.end();
      const file = join(dir, ADMIN_PASSWORD_FILE);
      expect(later.message).toBe(`Sign in as admin@weft.local with the password you set in the studio (the one in ${file} is no longer valid)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('puts the admin\'s own organisation on the unlimited plan', async () => {
    const first = await prepareAdmin(redis, { prefix: freshPrefix(), dataDir, admin: {} });
    await first.session.end();
    expect(first.admin.organisation.plan).toBe('unlimited');
  });
});

describe('the password file', () => {
  it('holds the password alone; the format before it (email and password lines) is read too', () => {
    expect(passwordInFile('s3cret-Generated_pw\n')).toBe('s3cret-Generated_pw');
    expect(passwordInFile('email: admin@weft.local\npassword: s3cret-Generated_pw\n')).toBe('s3cret-Generated_pw');
    expect(passwordInFile('\n')).toBeNull();
  });
});
