import type { Context } from 'hono';
import type { AppEnv } from '#server/app.ts';
import { claimBasket } from '../basket/claim.ts';
import { basketCookie, setBasketCookie } from '../basket/cookie.ts';

/**
 * After login the guest's basket (its cookie) becomes the user's, so nothing collected before logging
 * in is lost; a user who logs in on a new device gets back their latest unfinished basket.
 */
export async function claimGuestBasket(c: Context<AppEnv>, userId: string): Promise<void> {
  const basketId = await claimBasket(c.var.deps.db, basketCookie(c), userId);
  if (basketId) setBasketCookie(c, basketId);
}
