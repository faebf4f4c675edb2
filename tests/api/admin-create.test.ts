import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '#db/seed/factories.ts';
import { createSession } from '#server/services/auth/sessions.ts';
import { createApp } from '#server/app.ts';
import { parseEnv } from '#server/env.ts';
import { loadTenants } from '#tenants/index.ts';
import { createEmptyDatabase, type TestDatabase } from '../helpers/db.ts';

// `npm run admin:create` as an operator runs it: its own process, on the database the server would use.
let database: TestDatabase;
beforeAll(async () => {
  database = await createEmptyDatabase();
});
afterAll(() => database.drop());

function adminCreate(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['scripts/admin-create.ts', ...args], {
    env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: database.url, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stdout, stderr })),
  );
}

const app = () =>
  createApp({ db: database.db, env: parseEnv({ NODE_ENV: 'test' }), tenants: loadTenants(), now: () => new Date() });
const login = (email: string, password: string) =>
  app().request('http://localhost/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
    headers: { host: 'localhost', 'content-type': 'application/json' },
  });

const userCount = async () =>
  ((await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as { n: number }[])[0]!.n;

describe('npm run admin:create', () => {
  it('creates an activated admin who can log in with the chosen password', async () => {
    const result = await adminCreate(['--email', 'Owner@Shop.example'], { ADMIN_PASSWORD: 'correct horse battery' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('admin Owner@Shop.example created');
    const response = await login('owner@shop.example', 'correct horse battery');
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ role: 'admin' });
    expect((await login('owner@shop.example', 'wrong password!')).status).toBe(401);
  });

  it.each([
    ['short1234!', 'too weak: at least 12 characters'],
    ['aaaaaaaaaaaaaaaa', 'too weak'],
  ])('refuses the weak password %j and creates nobody', async (password, message) => {
    const before = await userCount();
    const result = await adminCreate(['--email', 'weak@shop.example'], { ADMIN_PASSWORD: password });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('refuses an address that is not an e-mail', async () => {
    const result = await adminCreate(['--email', 'not-an-address'], { ADMIN_PASSWORD: 'correct horse battery' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('"not-an-address" is not an e-mail address');
  });

  it('without a terminal, names what it needs instead of waiting for input', async () => {
    const result = await adminCreate([], { ADMIN_EMAIL: 'ops@shop.example' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('set ADMIN_PASSWORD');
  });

  it('makes an existing account admin with the new password, activated, and ends its sessions', async () => {
    const user = await insertUser(database.db, {
      email: 'cook@shop.example',
      password: 'old-password-1234',
      role: 'user',
      activated: false,
    });
    const { token } = await createSession({ db: database.db, now: () => new Date() }, { userId: user.id });
    const result = await adminCreate(['--email', 'COOK@shop.example', '--password', 'new password for cook']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('cook@shop.example is now an admin');
    // Whoever was logged in with the old password is logged out.
    const me = await app().request('http://localhost/api/auth/getUser', {
      headers: { host: 'localhost', cookie: `sid=${token}` },
    });
    expect((await me.json()).user ?? null).toBeNull();
    expect((await login('cook@shop.example', 'old-password-1234')).status).toBe(401);
    const response = await login('cook@shop.example', 'new password for cook');
    expect(response.status).toBe(200);
    expect((await response.json()).user).toMatchObject({ role: 'admin' });
  });
});
