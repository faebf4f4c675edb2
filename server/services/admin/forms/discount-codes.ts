import { randomInt } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { concepts, discountCodes, locations, menuCategories, restaurants } from '#db/schema/index.ts';
import {
  discountValueProblem,
  discountWindowProblem,
  type DiscountCreateBody,
  type DiscountUpdateBody,
} from '#domain/admin-forms.ts';
import { localMinute } from '#domain/promotions.ts';
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

function checkValue(input: DiscountCreateBody | DiscountUpdateBody): void {
  const problem = discountValueProblem(input.type, input.value);
  if (problem) throw validationError({ value: problem });
  const window = discountWindowProblem(input);
  if (window) throw validationError({ validTo: window });
}

const scope = (ids: readonly number[] | null | undefined) =>
  ids === undefined ? undefined : ids?.length ? [...new Set(ids)] : null;
const bound = (local: string | null | undefined) => (local === undefined ? undefined : local || null);

/**
 * The code's own rules as stored (issue 38): '' and [] are none, a minimum of 0 is none; a rule the body leaves out
 * is left out here too (a new code then has none, an edited one keeps its own).
 */
function promotionValues(input: DiscountCreateBody | DiscountUpdateBody) {
  const values = {
    validFrom: bound(input.validFrom),
    validTo: bound(input.validTo),
    minBasketValue: input.minBasketValue === undefined ? undefined : input.minBasketValue || null,
    oncePerCustomer: input.oncePerCustomer,
    firstOrderOnly: input.firstOrderOnly,
    conceptIds: scope(input.conceptIds),
    restaurantIds: scope(input.restaurantIds),
    categoryIds: scope(input.categoryIds),
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<
    typeof values
  >;
}

/** A code as the form reads it back: the window's bounds on the minute, as a datetime-local box takes them. */
const shown = (row: AdminDiscountCode): AdminDiscountCode => ({
  ...row,
  validFrom: localMinute(row.validFrom),
  validTo: localMinute(row.validTo),
});

/** The brands, restaurants and menu categories a code may be limited to, for the form's lists. */
export async function discountCodeChoices(ctx: ServiceCtx<'db'>) {
  const [conceptRows, restaurantRows, categoryRows] = await Promise.all([
    ctx.db.select({ id: concepts.id, name: concepts.name }).from(concepts).orderBy(asc(concepts.name)),
    ctx.db
      .select({ id: restaurants.id, name: restaurants.name, city: locations.city })
      .from(restaurants)
      .innerJoin(locations, eq(locations.id, restaurants.locationId))
      .orderBy(asc(restaurants.name), asc(restaurants.id)),
    ctx.db
      .select({ id: menuCategories.id, name: menuCategories.name, restaurant: restaurants.name })
      .from(menuCategories)
      .innerJoin(restaurants, eq(restaurants.id, menuCategories.restaurantId))
      .orderBy(asc(restaurants.name), asc(menuCategories.position), asc(menuCategories.id)),
  ]);
  return { concepts: conceptRows, restaurants: restaurantRows, categories: categoryRows };
}

export async function readDiscountCode(ctx: ServiceCtx<'db'>, id: number): Promise<AdminDiscountCode> {
  const [row] = await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!row) throw notFound();
  return shown(row);
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
    ...promotionValues(input),
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
        // The codes made together, listed and exported as one batch (the list's `batch` filter).
        const batch = crypto.randomUUID();
        for (let round = 0; created.length < count && round < MAX_ROUNDS; round++) {
          const wanted = new Set<string>();
          while (wanted.size < count - created.length) wanted.add(randomCode(input.prefix ?? ''));
          const rows = await tx
            .insert(discountCodes)
            .values([...wanted].map((code) => ({ ...fields, code, batch })))
            .onConflictDoNothing()
            .returning();
          created = [...created, ...rows];
        }
        // Only a prefix whose codes are nearly all taken gets here.
        if (created.length < count) throw new AppError('notUniqueCode');
      }
      for (const row of created) {
        await audit(tx, ctx, 'discountCode.created', 'discountCode', row.id, {
          ...fields,
          code: row.code,
          ...(row.batch ? { batch: row.batch } : {}),
        });
      }
      return created.map(shown);
    }),
  );
}

export function updateDiscountCode(
  ctx: ServiceCtx<'db'>,
  id: number,
  input: DiscountUpdateBody,
): Promise<AdminDiscountCode> {
  checkValue(input);
  const fields = {
    code: input.code,
    type: input.type,
    value: input.type === 'freeDelivery' ? 0 : input.value,
    country: input.country,
    quantity: input.quantity,
    active: input.active,
    ...promotionValues(input),
  };
  return uniqueOr('notUniqueCode', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      const [current] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
      if (!current) throw notFound();
      // The limit cannot fall below the uses already made.
      if (input.quantity < current.used) throw validationError({ quantity: 'outOfRange' });
      const [row] = await tx.update(discountCodes).set(fields).where(eq(discountCodes.id, id)).returning();
      if (!row) throw notFound();
      await audit(tx, ctx, 'discountCode.updated', 'discountCode', id, fields);
      return shown(row);
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
