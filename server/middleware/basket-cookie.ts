import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '#server/context.ts';
import { BASKET_COOKIE } from '#server/services/basket/priced.ts';

const DAYS = 30;

/** The basket the request's cookie names, as the services take it: an id or null. */
export const basketCookie = (c: Context<AppEnv>): string | null => getCookie(c, BASKET_COOKIE) ?? null;

/** httpOnly: scripts never need the id (the basket is read through the API); Lax: it rides on top-level links. */
export function setBasketCookie(c: Context<AppEnv>, basketId: string): void {
  if (basketCookie(c) === basketId) return;
  setCookie(c, BASKET_COOKIE, basketId, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: c.var.deps.env.nodeEnv === 'production',
    path: '/',
    maxAge: DAYS * 24 * 60 * 60,
  });
}
