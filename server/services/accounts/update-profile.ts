import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { orders, users } from '#db/schema/index.ts';
import { storedPhone, type AccountLang } from '#domain/accounts.ts';
import { registrationRules, validate, type FormRules } from '#domain/forms.ts';
import { AppError } from '#server/errors.ts';
import { profileColumns, type Profile } from './get-profile.ts';
import { recordConsents } from '../rights/record-consents.ts';

export type ProfileChanges = {
  firstname?: string;
  lastname?: string;
  phone?: string;
  /** Whose phone rules apply; pl unless given. */
  country?: string;
  marketingSms?: boolean;
  marketingEmail?: boolean;
  lang?: AccountLang;
};

/**
 * Edits the given fields with registration's rules (a field left out stays as it is). The e-mail and password have
 * their own verbs, as both need proof; the policy consents cannot be withdrawn here (that is deleting the account).
 */
export async function updateProfile(
  { db, now }: { db: Db; now: () => Date },
  { userId, ...input }: ProfileChanges & { userId: string },
): Promise<Profile> {
  const rules = Object.fromEntries(
    (['firstname', 'lastname', 'phone'] as const)
      .filter((field) => input[field] !== undefined)
      .map((field) => [field, registrationRules[field]]),
  ) as FormRules;
  const errors = validate(rules, input, { country: input.country ?? 'pl' });
  if (Object.keys(errors).length > 0) throw new AppError('validation', errors);
  const changes = {
    ...(input.firstname !== undefined ? { firstname: input.firstname.trim() } : {}),
    ...(input.lastname !== undefined ? { lastname: input.lastname.trim() } : {}),
    ...(input.phone !== undefined ? { phone: storedPhone(input.phone) } : {}),
    ...(input.marketingSms !== undefined ? { marketingSms: input.marketingSms } : {}),
    ...(input.marketingEmail !== undefined ? { marketingEmail: input.marketingEmail } : {}),
    ...(input.lang !== undefined ? { lang: input.lang } : {}),
  };
  if (Object.keys(changes).length === 0) throw new AppError('validation', { '(body)': 'notEmpty' });
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ marketingSms: users.marketingSms, marketingEmail: users.marketingEmail })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [row] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning(profileColumns);
    if (!before || !row) throw new Error(`user ${userId} does not exist`);
    // A marketing consent given or withdrawn is recorded with its date (decision 052).
    const consents = {
      ...(row.marketingSms !== before.marketingSms ? { marketingSms: row.marketingSms } : {}),
      ...(row.marketingEmail !== before.marketingEmail ? { marketingEmail: row.marketingEmail } : {}),
    };
    await recordConsents(tx, { userId, consents, source: 'profile', at: now() });
    // Withdrawn here, it is withdrawn for the orders placed with the address too (their e-mails carry no link then).
    if (consents.marketingEmail === false)
      await tx
        .update(orders)
        .set({ consents: sql`${orders.consents} || '{"marketingEmail": false}'::jsonb` })
        .where(
          and(
            sql`lower(${orders.customer}->>'email') = lower(${row.email})`,
            sql`${orders.consents}->>'marketingEmail' = 'true'`,
          ),
        );
    return row;
  });
}
