import postgres from 'postgres';
import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { hashToken, newToken, SESSION_COOKIE, SESSION_DAYS } from '#server/services/auth/sessions.ts';
import { urlOn } from './browser.ts';

/**
 * Signs a browser context in as a seeded user by opening a session in the server's database, as the login route
 * does (createSession: only the token's SHA-256 is stored). The login screen and its limits are tested through the
 * real login (tests/e2e/account.test.ts, tests/api/auth.test.ts); the staff screens' tests open many sessions and
 * need none of the argon2 work a real login costs.
 */
export async function signIn(context: BrowserContext, email: string): Promise<void> {
  const sql = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
  try {
    const [user] = await sql<{ id: string }[]>`select id from users where email = ${email}`;
    if (!user) throw new Error(`no seeded user ${email}`);
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 60 * 60 * 1000);
    await sql`insert into sessions (id, user_id, expires_at) values (${hashToken(token)}, ${user.id}, ${expiresAt})`;
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        value: token,
        url: urlOn('localhost', '/'),
        httpOnly: true,
        sameSite: 'Lax',
        expires: Math.floor(expiresAt.getTime() / 1000),
      },
    ]);
  } finally {
    await sql.end();
  }
}
