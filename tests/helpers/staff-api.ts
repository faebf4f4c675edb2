import { request, type TestContext } from './app.ts';

/**
 * The admin API as a signed-in member of staff calls it: JSON bodies from the shop's own origin, each call from an
 * address of its own (so that no test meets the login limit of another), and the session as a cookie.
 */
export function staffApi(ctx: TestContext) {
  const send = (method: string, path: string, body?: unknown, cookie?: string) =>
    request(ctx, path, {
      method,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost',
        'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
        ...(cookie ? { cookie } : {}),
      },
    });
  const cookieOf = (response: Response) => response.headers.get('set-cookie')?.split(';')[0] ?? '';
  /** The session cookie of a demo account (README's logins), or '' when the login is refused. */
  const signIn = async (email: string, password: string) =>
    cookieOf(await send('POST', '/api/auth/login', { email, password }));
  const asAdmin = () => signIn('admin@example.com', 'admin-demo-2026');
  const json = async <T>(response: Response) => (await response.json()) as T;
  return { send, cookieOf, signIn, asAdmin, json };
}
