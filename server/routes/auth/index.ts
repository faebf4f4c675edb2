import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app.ts';
import { clearSessionCookie, sameSiteOnly, setSessionCookie } from '../../middleware/session.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { accountKey, login } from '../../services/auth/login.ts';
import { invalidateSession } from '../../services/auth/sessions.ts';
import { claimGuestBasket } from '../../services/auth/claim-basket.ts';
import { errorResponse, jsonResponse, otherHost, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';

const credentials = type({ email: 'string.email <= 254', password: '1 <= string <= 200' });
const LOGIN_WINDOW_SECONDS = 15 * 60;

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    describeRoute({
      tags: ['auth'],
      summary: 'Log in: sets the httpOnly session cookie; a guest basket becomes the user’s',
      security: security.public,
      responses: {
        200: jsonResponse('{ user } with its role'),
        401: errorResponse('Unauthorized (wrong e-mail or password)'),
        403: errorResponse('UserIsNotActivated; Forbidden (a request from another site)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    rateLimit({ name: 'login', limit: 10, windowSeconds: LOGIN_WINDOW_SECONDS }),
    validate('json', credentials),
    // Per account too, so guessing one account's password from many addresses gets no more tries. Unknown
    // e-mails count alike, so the limit tells nobody which accounts exist.
    rateLimit<{ out: { json: typeof credentials.infer } }>({
      name: 'login-account',
      limit: 10,
      windowSeconds: LOGIN_WINDOW_SECONDS,
      key: (c) => accountKey(c.req.valid('json').email),
    }),
    async (c) => {
      const { db, now } = c.var.deps;
      // A browser holds one login: the session it had (perhaps someone else's) ends with this one.
      const result = await login(db, c.req.valid('json'), now(), { replacing: c.var.sessionId });
      setSessionCookie(c, result.token, result.expiresAt);
      await claimGuestBasket(c, result.user.id);
      return c.json({ user: result.user });
    },
  )
  .get(
    '/logout',
    describeRoute({
      tags: ['auth'],
      summary: 'Log out: ends the session (a GET, as the spec has it, so from our own pages only)',
      security: security.optionalSession,
      responses: {
        200: jsonResponse('{ ok: true }; the session cookie is cleared'),
        403: errorResponse('Forbidden (a cross-site request)'),
        404: otherHost,
      },
    }),
    sameSiteOnly(),
    async (c) => {
      const sessionId = c.var.sessionId;
      if (sessionId) await invalidateSession(c.var.deps.db, sessionId);
      clearSessionCookie(c);
      return c.json({ ok: true });
    },
  )
  .get(
    '/getUser',
    describeRoute({
      tags: ['auth'],
      summary: 'The logged-in user (with role), or null',
      security: security.optionalSession,
      responses: { 200: jsonResponse('{ user }: the user with its role, or null'), 404: otherHost },
    }),
    (c) => c.json({ user: c.var.user }),
  );
