import { createMiddleware } from 'hono/factory';
import type { AppEnv, BotKeyRef } from '#server/context.ts';
import { AppError, unauthorized } from '#server/errors.ts';
import { authenticateBotKey } from '#server/services/bot/authenticate.ts';
import { hitRateLimit } from '#server/services/rate-limit/hit.ts';

/** The bot routes' context: the app's, plus the key the call was authenticated with. */
export type BotEnv = { Variables: AppEnv['Variables'] & { botKey: BotKeyRef } };

/** Calls a key may make per window (decision 022): a chat bot's burst, not a scraper's. */
export const BOT_RATE_LIMIT = { limit: 120, windowSeconds: 60 } as const;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Lets a call through with a live bot key (Authorization: Bearer <key>), counted against that key's rate limit.
 * No key, a wrong one or a revoked one answer 401 Unauthorized, all alike, so a caller learns nothing of which.
 */
export const requireBotKey = createMiddleware<BotEnv>(async (c, next) => {
  const { deps } = c.var;
  const key = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  const found = key ? await authenticateBotKey(deps, { key }) : null;
  if (!found) {
    c.header('WWW-Authenticate', 'Bearer realm="bot"');
    throw unauthorized();
  }
  const limited = await hitRateLimit(deps, { key: `bot:${found.id}`, ...BOT_RATE_LIMIT });
  if (!limited.allowed) {
    c.header('Retry-After', String(limited.retryAfterSeconds));
    throw new AppError('tooManyRequests');
  }
  c.set('botKey', found);
  await next();
});
