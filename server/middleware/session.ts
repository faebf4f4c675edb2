import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, SessionUser } from '../context.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { SESSION_COOKIE, validateSession } from '../services/auth/sessions.ts';

export function setSessionCookie(c: Context<AppEnv>, token: string, expires: Date): void {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.env.nodeEnv === 'production',
    path: '/',
    expires,
  });
}

export const clearSessionCookie = (c: Context<AppEnv>): void => {
  deleteCookie(c, SESSION_COOKIE, { path: '/' });
};

/** Sets c.var.user (null for guests) and c.var.sessionId from the session cookie. */
export const session = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  c.set('user', null);
  c.set('sessionId', null);
  const token = getCookie(c, SESSION_COOKIE);
  if (token) {
    const found = await validateSession(c.var.deps, { token });
    if (found) {
      c.set('user', found.user);
      c.set('sessionId', found.sessionId);
      if (found.renewedUntil) setSessionCookie(c, token, found.renewedUntil);
    } else {
      clearSessionCookie(c);
    }
  }
  return next();
};

/** 401 unless logged in with one of `roles` (any role when none is given). */
export const requireRole =
  (...roles: SessionUser['role'][]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const user = c.var.user;
    if (!user || (roles.length > 0 && !roles.includes(user.role))) throw unauthorized();
    return next();
  };

/** The logged-in user of a route behind requireRole(); 401 should a route ask without that guard in front. */
export function signedInUser(c: { var: { user: SessionUser | null } }): SessionUser {
  const user = c.var.user;
  if (!user) throw unauthorized();
  return user;
}

/**
 * The spec keeps some state-changing calls as GET (/api/basket/clear, /api/basket/remove/{id}); a
 * SameSite=Lax cookie would ride along a cross-site link to them, so such GETs must come from our own pages.
 */
export const sameSiteOnly = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const site = c.req.header('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') throw forbidden();
  return next();
};
