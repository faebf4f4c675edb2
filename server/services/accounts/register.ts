import { sql } from 'drizzle-orm';
import { users } from '#db/schema/index.ts';
import { hashPassword } from '#server/auth/password.ts';
import {
  assertNewPassword,
  storedPhone,
  validateNewPassword,
  type AccountLang,
  type FieldErrors,
} from '#domain/accounts.ts';
import { assertValid, registrationRules, validate } from '#domain/forms.ts';
import { AppError } from '#server/errors.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { isUniqueViolation } from '#db/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { recordConsents } from '../rights/record-consents.ts';
import { accountLinkEmail } from './emails.ts';
import { issueToken } from './tokens.ts';

export type RegisterInput = {
  firstname?: string;
  lastname?: string;
  email?: string;
  phone?: string;
  /** Whose phone rules apply (spec section 5); the shop's country, pl unless the visitor chose Ukraine. */
  country?: string;
  password?: string;
  passwordRepeat?: string;
  shopPolicies?: boolean;
  restaurantPolicies?: boolean;
  marketingSms?: boolean;
  marketingEmail?: boolean;
  lang?: AccountLang;
};

/**
 * Creates an inactive account and queues its activation link in the same transaction (spec sections 3 and 5).
 * Every field's first broken rule is answered at once (validation, details per field); a taken address answers
 * notUniqueEmail, also when two registrations race.
 */
export async function register(ctx: ServiceCtx<'db' | 'env'>, input: RegisterInput): Promise<{ email: string }> {
  const now = ctx.now();
  const errors: FieldErrors = {
    ...validate(registrationRules, input, { country: input.country ?? 'pl' }),
    ...validateNewPassword(input),
  };
  if (Object.keys(errors).length > 0) throw new AppError('validation', errors);
  // Every field passed both checks above (one answer names them all); these narrow the checked fields' types.
  assertValid(registrationRules, input, { country: input.country ?? 'pl' });
  assertNewPassword(input);

  const email = input.email.trim();
  const lang = input.lang ?? 'pl';
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  if (taken) throw new AppError('notUniqueEmail');

  const passwordHash = await hashPassword(input.password);
  try {
    await withTransaction(ctx, async ({ db: tx }) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          firstname: input.firstname.trim(),
          lastname: input.lastname.trim(),
          phone: storedPhone(input.phone),
          role: 'user',
          shopPolicies: true,
          restaurantPolicies: true,
          marketingSms: input.marketingSms === true,
          marketingEmail: input.marketingEmail === true,
          lang,
        })
        .returning({ id: users.id, firstname: users.firstname });
      if (!user) throw new Error('the new account was not returned by its insert');
      await recordConsents(tx, {
        userId: user.id,
        consents: {
          shopPolicies: true,
          restaurantPolicies: true,
          marketingSms: input.marketingSms === true,
          marketingEmail: input.marketingEmail === true,
        },
        source: 'registration',
        at: now,
      });
      const token = await issueToken(tx, { userId: user.id, purpose: 'activation', now });
      await enqueueEmail(tx, accountLinkEmail(ctx.env, 'activation', { to: email, name: user.firstname, lang, token }));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('notUniqueEmail');
    throw error;
  }
  return { email };
}
