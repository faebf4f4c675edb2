import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { discountCodes } from '#db/schema/index.ts';
import { discountValueProblem, type DiscountCreateBody, type DiscountUpdateBody } from '#domain/admin-forms.ts';
import { AppError, notFound, validationError } from '#server/errors.ts';
import { audit, uniqueOr } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { isForeignKeyViolation } from '#db/errors.ts';
import { withTransaction } from '#db/transaction.ts';

export type AdminDiscountCode = typeof discountCodes.$inferSelect;

// No 0/O or 1/I/L: a generated code is read off a leaflet and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_LENGTH = 8;
const MAX_ROUNDS = 5;

const randomCode = (prefix: string): string =>
  prefix.toUpperCase() + Array.from({ length: RANDOM_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

function checkValue(input: { type: AdminDiscountCode['type']; value: number }): void {
  const problem = discountValueProblem(input.type as DiscountCreateBody['type'], input.value);
  if (problem) throw validationError({ value: problem });
}

export async function readDiscountCode(ctx: ServiceCtx<'db'>, id: number): Promise<AdminDiscountCode> {
  const [row] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound();
  return row;
}

/**
 * One code named by the admin (a taken one, in any case, answers notUniqueCode), or `count` codes generated at
 * random with the prefix: codes that collide with existing ones are drawn again, so exactly `count` are made.
 */
export function createDiscountCodes(ctx: ServiceCtx<'db'>, input: DiscountCreateBody): Promise<AdminDiscountCode[]> {
  checkValue(input);
  if (input.code === undefined && input.count === undefined) throw validationError({ code: 'notEmpty' });
  const fields = {
    type: input.type,
    value: input.type === 'freeDelivery' ? 0 : input.value,
    country: input.country,
    quantity: input.quantity,
    active: input.active,
  };
  return uniqueOr('notUniqueCode', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      let created: AdminDiscountCode[] = [];
      if (input.code !== undefined) {
        created = await tx
          .insert(discountCodes)
          .values({ ...fields, code: input.code })
          .returning();
      } else {
        const count = input.count ?? 1;
        for (let round = 0; created.length < count && round < MAX_ROUNDS; round++) {
          const wanted = new Set<string>();
          while (wanted.size < count - created.length) wanted.add(randomCode(input.prefix ?? ''));
          const rows = await tx
            .insert(discountCodes)
            .values([...wanted].map((code) => ({ ...fields, code })))
            .onConflictDoNothing()
            .returning();
          created = [...created, ...rows];
        }
        // Only a prefix whose codes are nearly all taken gets here.
        if (created.length < count) throw new AppError('notUniqueCode');
      }
      for (const row of created) {
        await audit(tx, ctx, 'discountCode.created', 'discountCode', row.id, { ...fields, code: row.code });
      }
      return created;
    }),
  );
}

export function updateDiscountCode(
  ctx: ServiceCtx<'db'>,
  id: number,
  input: DiscountUpdateBody,
): Promise<AdminDiscountCode> {
  checkValue(input);
  const fields = { ...input, value: input.type === 'freeDelivery' ? 0 : input.value };
  return uniqueOr('notUniqueCode', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!current) throw notFound();
      // The limit cannot fall below the uses already made.
      if (input.quantity < current.used) throw validationError({ quantity: 'outOfRange' });
      const [row] = await tx.update(discountCodes).set(fields).where(eq(discountCodes.id, id)).returning();
      if (!row) throw notFound();
      await audit(tx, ctx, 'discountCode.updated', 'discountCode', id, fields);
      return row;
    }),
  );
}

/** Deletes a code no basket or order has used; a used one answers inUse (deactivate it instead). */
export async function deleteDiscountCode(ctx: ServiceCtx<'db'>, id: number): Promise<void> {
  try {
    await withTransaction(ctx, async ({ db: tx }) => {
      const [row] = await tx.delete(discountCodes).where(eq(discountCodes.id, id)).returning();
      if (!row) throw notFound();
      await audit(tx, ctx, 'discountCode.deleted', 'discountCode', id, { code: row.code });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('inUse');
    throw error;
  }
}
