import { Hono } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../app.ts';
import { basketCookie, setBasketCookie } from '../../middleware/basket-cookie.ts';
import { clearSessionCookie, sameSiteOnly, setSessionCookie } from '../../middleware/session.ts';
import { rateLimit } from '../../middleware/rate-limit.ts';
import { accountKey, login } from '../../services/auth/login.ts';
import { invalidateSession } from '../../services/auth/sessions.ts';
import { claimBasket } from '../../services/basket/claim.ts';
import { validate } from '../validate.ts';

const credentials = type({ email: 'string.email <= 254', password: '1 <= string <= 200' });
const LOGIN_WINDOW_SECONDS = 15 * 60;

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    describeRoute({
      tags: ['auth'],
      summary: 'Log in: sets the httpOnly session cookie; a guest basket becomes the user’s',
      responses: {
        200: { description: '{ user } with its role' },
        401: { description: 'Unauthorized (wrong e-mail or password)' },
        403: { description: 'UserIsNotActivated' },
        429: { description: 'tooManyRequests' },
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
      // The guest's basket becomes the user's, so nothing collected before logging in is lost; on a new device
      // the user gets back their latest unfinished basket.
      const basketId = await claimBasket(db, basketCookie(c), result.user.id);
      if (basketId) setBasketCookie(c, basketId);
      return c.json({ user: result.user });
    },
  )
  .get(
    '/logout',
    describeRoute({
      tags: ['auth'],
      summary: 'Log out: ends the session (a GET, as the spec has it, so from our own pages only)',
      responses: { 200: { description: '{ ok: true }' }, 403: { description: 'Forbidden (a cross-site request)' } },
    }),
    sameSiteOnly(),
    async (c) => {
      const sessionId = c.var.sessionId;
      if (sessionId) await invalidateSession(c.var.deps.db, sessionId);
      clearSessionCookie(c);
      return c.json({ ok: true });
    },
  )
  .get('/getUser', describeRoute({ tags: ['auth'], summary: 'The logged-in user (with role), or null' }), (c) =>
    c.json({ user: c.var.user }),
  );
