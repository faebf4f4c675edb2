import { selfActor } from '#server/services/actor.ts';
import { Hono, type Context } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '../../context.ts';
import { basketCookie, setBasketCookie } from '../../middleware/basket-cookie.ts';
import { clearSessionCookie, sameSiteOnly, setSessionCookie } from '../../middleware/session.ts';
import { clientIp, rateLimit } from '../../middleware/rate-limit.ts';
import { AppError } from '../../errors.ts';
import { hitRateLimit } from '../../services/rate-limit/hit.ts';
import { countFailureAttempt, forgetFailure } from '../../services/rate-limit/failures.ts';
import { countLoginAttempt, forgetLoginAttempt, LOGIN_WINDOW_SECONDS } from '../../services/auth/login-limits.ts';
import { accountKey, login } from '../../services/auth/login.ts';
import { invalidateSession } from '../../services/auth/sessions.ts';
import { claimBasket } from '../../services/basket/claim.ts';
import { errorResponse, jsonResponse, otherHost, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { register } from '../../services/accounts/register.ts';
import { activate } from '../../services/accounts/activate.ts';
import { resendActivation } from '../../services/accounts/resend-activation.ts';
import { forgotPassword } from '../../services/accounts/forgot-password.ts';
import { resetPassword } from '../../services/accounts/reset-password.ts';
import { confirmEmailChange } from '../../services/accounts/confirm-email-change.ts';
import { countryType, localeType } from '#domain/list-types.ts';

const credentials = type({ email: 'string.email <= 254', password: '1 <= string <= 200' });
const HOUR = 60 * 60;
const lang = localeType;

// Only sizes and types here: the rules (notEmpty, isValidEmail, isValidPhoneNo, isEqual, isTrue) run in the service,
// so the answer names each field's failing rule the way the forms translate it.
const registerBody = type({
  'firstname?': 'string <= 100',
  'lastname?': 'string <= 100',
  'email?': 'string <= 254',
  'phone?': 'string <= 40',
  'country?': countryType,
  'password?': 'string <= 200',
  'passwordRepeat?': 'string <= 200',
  'shopPolicies?': 'boolean',
  'restaurantPolicies?': 'boolean',
  'marketingSms?': 'boolean',
  'marketingEmail?': 'boolean',
  'lang?': lang,
});
const emailBody = type({ email: 'string.email <= 254', 'lang?': lang });
const tokenBody = type({ token: '1 <= string <= 128' });
const resetBody = type({
  token: '1 <= string <= 128',
  'password?': 'string <= 200',
  'passwordRepeat?': 'string <= 200',
});
const ok = { 200: jsonResponse('{ ok: true }') };
const sameAnswer =
  'Always { ok: true }, whether or not the address has an account, so the form reveals nothing; the e-mail goes only to an account that needs it';

/**
 * At most 3 e-mails an hour per account, however many addresses ask, so nobody can flood a victim's inbox. Past that
 * the answer is the same { ok: true } and nothing is sent, rather than 429: the e-mails already sent went to the
 * account's owner, and the newest link in them still works, so whoever asked for them can block nobody (issue 39).
 */
const mayMailAccount = async (c: Context<AppEnv>, name: string, email: string): Promise<boolean> =>
  (
    await hitRateLimit(c.var.deps, {
      key: `${name}-account:${accountKey(email)}`,
      limit: 3,
      windowSeconds: HOUR,
    })
  ).allowed;

export const authRoutes = new Hono<AppEnv>()
  .post(
    '/login',
    describeRoute({
      tags: ['auth'],
      summary: 'Log in: sets the httpOnly session cookie; a guest basket becomes the user’s',
      security: security.public,
      responses: {
        200: jsonResponse('{ user } with its role'),
        401: errorResponse('UserDoesNotExists (no account with this e-mail) or Unauthorized (wrong password)'),
        403: errorResponse('UserIsNotActivated; Forbidden (a request from another site)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    validate('json', credentials),
    async (c) => {
      const { db, now } = c.var.deps;
      const input = c.req.valid('json');
      // Failed logins only, per address, per account and address, and per account (login-limits.ts).
      const attempt = await countLoginAttempt({ db, now }, { account: accountKey(input.email), address: clientIp(c) });
      if (attempt.retryAfterSeconds !== null) {
        c.header('Retry-After', String(attempt.retryAfterSeconds));
        throw new AppError('tooManyRequests');
      }
      // A browser holds one login: the session it had (perhaps someone else's) ends with this one.
      const result = await login({ db, now }, { ...input, replacing: c.var.sessionId }).catch(
        async (error: unknown) => {
          // The right password of an account not yet activated, or deactivated, is no guess.
          if (error instanceof AppError && (error.key === 'UserIsNotActivated' || error.key === 'userDeactivated'))
            await forgetLoginAttempt({ db }, attempt);
          throw error;
        },
      );
      await forgetLoginAttempt({ db }, attempt);
      setSessionCookie(c, result.token, result.expiresAt);
      // The guest's basket becomes the user's, so nothing collected before logging in is lost; on a new device
      // the user gets back their latest unfinished basket.
      const basketId = await claimBasket({ db }, { cookieId: basketCookie(c), userId: result.user.id });
      if (basketId) setBasketCookie(c, basketId);
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
      if (sessionId) await invalidateSession(c.var.deps, { sessionId });
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
  )
  .post(
    '/register',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'Register: creates an inactive account and e-mails its activation link (valid 24 hours)',
      description:
        'Rules: firstname, lastname notEmpty; email notEmpty, isValidEmail; phone notEmpty, isValidPhoneNo by `country` (pl unless given); password notEmpty and at least 8 characters (minLength); passwordRepeat isEqual; shopPolicies and restaurantPolicies isTrue; marketingSms and marketingEmail optional. `lang` picks the e-mails’ language.',
      responses: {
        201: jsonResponse('{ email }: the activation link has been queued'),
        400: errorResponse('validation, details: { <field>: <rule> }'),
        409: errorResponse('notUniqueEmail'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    rateLimit({ name: 'register', limit: 5, windowSeconds: HOUR }),
    validate('json', registerBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      return c.json(await register({ db, env, now, actor: selfActor(c.var.user) }, c.req.valid('json')), 201);
    },
  )
  .post(
    '/activate',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'Activate an account with the token from its e-mail link (single use)',
      responses: {
        200: jsonResponse('{ email }: the account may log in'),
        400: errorResponse('invalidToken (unknown, used or expired)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    rateLimit({ name: 'token', limit: 20, windowSeconds: LOGIN_WINDOW_SECONDS }),
    validate('json', tokenBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      return c.json(await activate({ db, env, now, actor: selfActor(c.var.user) }, c.req.valid('json')), 200);
    },
  )
  .post(
    '/resendActivation',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'Send the activation link again (the login page offers it after UserIsNotActivated)',
      description: sameAnswer,
      responses: { ...ok, 400: errorResponse('validation'), 429: errorResponse('tooManyRequests') },
    }),
    rateLimit({ name: 'resend-activation', limit: 5, windowSeconds: LOGIN_WINDOW_SECONDS }),
    validate('json', emailBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      const input = c.req.valid('json');
      if (await mayMailAccount(c, 'resend-activation', input.email))
        await resendActivation({ db, env, now, actor: selfActor(c.var.user) }, input);
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/forgotPassword',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'E-mail a password reset link (valid one hour, single use)',
      description:
        'An address with no account answers 401 UserDoesNotExists, as login does. An account gets at most 3 e-mails an hour from every address together; past that the answer is still { ok: true } and nothing is sent. One address may ask about 10 addresses with no account per 15 minutes (failures only), then 429.',
      responses: {
        ...ok,
        400: errorResponse('validation'),
        401: errorResponse('UserDoesNotExists'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    validate('json', emailBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      const input = c.req.valid('json');
      // The answer tells whether an address has an account, as login's does, so it shares login's pace of probing:
      // 10 unknown addresses per 15 minutes per client address. Only failures count, so a household or an office
      // behind one address resetting their own passwords never meets it.
      const attempt = await countFailureAttempt(
        { db, now },
        { limits: [{ key: `forgot-password-failed:${clientIp(c)}`, limit: 10 }], windowSeconds: LOGIN_WINDOW_SECONDS },
      );
      if (attempt.retryAfterSeconds !== null) {
        await forgetFailure({ db }, attempt);
        c.header('Retry-After', String(attempt.retryAfterSeconds));
        throw new AppError('tooManyRequests');
      }
      try {
        await forgotPassword({ db, env, now, actor: selfActor(c.var.user) }, input, () =>
          mayMailAccount(c, 'forgot-password', input.email),
        );
      } catch (error) {
        if (!(error instanceof AppError && error.key === 'UserDoesNotExists')) await forgetFailure({ db }, attempt);
        throw error;
      }
      await forgetFailure({ db }, attempt);
      return c.json({ ok: true }, 200);
    },
  )
  .post(
    '/resetPassword',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'Set a new password with the token from the reset e-mail; every other session of the account ends',
      responses: {
        200: jsonResponse('{ email }: log in with the new password'),
        400: errorResponse('validation (password: notEmpty | minLength, passwordRepeat: isEqual), invalidToken'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    rateLimit({ name: 'token', limit: 20, windowSeconds: LOGIN_WINDOW_SECONDS }),
    validate('json', resetBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      return c.json(
        await resetPassword(
          { db, env, now, actor: selfActor(c.var.user) },
          { ...c.req.valid('json'), currentSessionId: c.var.sessionId },
        ),
        200,
      );
    },
  )
  .post(
    '/confirmEmail',
    describeRoute({
      tags: ['auth'],
      security: security.public,
      summary: 'Confirm a new e-mail address with the token sent to it; it becomes the login, the old one is told',
      responses: {
        200: jsonResponse('{ email }: the account’s address now'),
        400: errorResponse('invalidToken'),
        409: errorResponse('notUniqueEmail (taken since the link was sent)'),
        429: errorResponse('tooManyRequests'),
      },
    }),
    rateLimit({ name: 'token', limit: 20, windowSeconds: LOGIN_WINDOW_SECONDS }),
    validate('json', tokenBody),
    async (c) => {
      const { db, env, now } = c.var.deps;
      return c.json(await confirmEmailChange({ db, env, now, actor: selfActor(c.var.user) }, c.req.valid('json')), 200);
    },
  );
