import type { Context } from 'hono';
import type { AppEnv } from '../../app.ts';

/**
 * After login the guest's basket (its cookie) becomes the user's, so nothing collected before logging in
 * is lost. The basket service (server/services/basket) fills this in.
 */
export async function claimGuestBasket(_c: Context<AppEnv>, _userId: string): Promise<void> {}
