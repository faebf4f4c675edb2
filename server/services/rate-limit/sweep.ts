import { lte } from 'drizzle-orm';
import type { AppDeps } from '#server/context.ts';
import { rateLimits } from '#db/schema/index.ts';
import { LONGEST_WINDOW_SECONDS } from './hit.ts';

/**
 * Deletes the counters whose window has ended, whatever limit they belong to. The next attempt on such a key
 * would start a new window anyway, so deleting one races with nothing.
 */
export async function deleteEndedRateLimits({ db, now }: Pick<AppDeps, 'db' | 'now'>): Promise<void> {
  await db
    .delete(rateLimits)
    .where(lte(rateLimits.windowStart, new Date(now().getTime() - LONGEST_WINDOW_SECONDS * 1000)));
}
