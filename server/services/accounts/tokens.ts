import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { authTokens } from '#db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { hashToken, newToken } from '../auth/sessions.ts';

export type TokenPurpose = 'activation' | 'passwordReset' | 'emailChange';

const HOUR = 60 * 60 * 1000;
/** Reset links live an hour (issue 13); an activation or e-mail change link a day, as mail can be slow to be read. */
const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  activation: 24 * HOUR,
  passwordReset: HOUR,
  emailChange: 24 * HOUR,
};

/**
 * A new single-use token for an e-mail link. Only its SHA-256 is stored, so a leaked table opens no account. The
 * user's earlier unused tokens of the same purpose stop working: only the latest e-mail's link does.
 */
export async function issueToken(
  tx: Db | Tx,
  {
    userId,
    purpose,
    now,
    newEmail,
    validForMs,
  }: {
    userId: string;
    purpose: TokenPurpose;
    now: Date;
    newEmail?: string;
    /** Longer than the purpose's usual life: an invitation's set-a-password link waits for a new colleague. */
    validForMs?: number;
  },
): Promise<string> {
  await tx
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
  const token = newToken();
  await tx.insert(authTokens).values({
    id: hashToken(token),
    userId,
    purpose,
    newEmail: newEmail ?? null,
    expiresAt: new Date(now.getTime() + (validForMs ?? TOKEN_TTL_MS[purpose])),
  });
  return token;
}

/**
 * Uses a token up: one UPDATE that only matches an unused, unexpired token of this purpose, so two requests with
 * one link cannot both succeed. Unknown, used and expired tokens all answer invalidToken.
 */
export async function consumeToken(
  tx: Db | Tx,
  { token, purpose, now }: { token: string; purpose: TokenPurpose; now: Date },
): Promise<{ userId: string; newEmail: string | null }> {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.id, hashToken(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  if (!row) throw new AppError('invalidToken');
  return row;
}
