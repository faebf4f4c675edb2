import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { concepts, locations, restaurants, workingHours } from '#db/schema/index.ts';
import type { RestaurantBody } from '#domain/admin-forms.ts';
import { escalationProblem } from '#domain/kitchen-alarms.ts';
import { openingRangeProblem, weekdayOf } from '#domain/hours.ts';
import { notFound, validationError } from '#server/errors.ts';
import { audit, orNull, uniqueOr } from './context.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';

export type AdminRestaurant = typeof restaurants.$inferSelect & {
  hours: { day: number; from: string; to: string; date: string | null; service: 'pickup' | 'delivery' | null }[];
};

export type RestaurantChoices = {
  concepts: { id: number; name: string }[];
  locations: { id: number; name: string; city: string; country: string }[];
};

/** The concepts and locations a restaurant may belong to, for the form's selects. */
export async function restaurantChoices(ctx: ServiceCtx<'db'>): Promise<RestaurantChoices> {
  const [conceptRows, locationRows] = await Promise.all([
    ctx.db.select({ id: concepts.id, name: concepts.name }).from(concepts).orderBy(asc(concepts.name)),
    ctx.db
      .select({ id: locations.id, name: locations.name, city: locations.city, country: locations.country })
      .from(locations)
      .where(eq(locations.deleted, false))
      .orderBy(asc(locations.name)),
  ]);
  return { concepts: conceptRows, locations: locationRows };
}

const values = (input: RestaurantBody) => {
  const { hours: _hours, ...fields } = input;
  return {
    ...fields,
    name: input.name.trim(),
    phone: orNull(input.phone),
    about: input.about.trim(),
  };
};

/** The rules between fields: escalation before the acceptance window closes, the week's hours. */
function checkFields(input: RestaurantBody): void {
  const problem = escalationProblem(input);
  if (problem) throw validationError({ escalationMinutes: problem });
  checkHours(input);
}

/**
 * Several ranges a day, none overlapping another of its day (or special date) and service; '10:00'–'10:00' would be
 * open for no time at all (a day without hours is a closed day: leave it out), except '00:00'–'00:00' on a special
 * date, which closes that date (#domain/hours.ts openingRangeProblem).
 */
export function checkHours(input: Pick<RestaurantBody, 'hours'>): void {
  const problem = openingRangeProblem(input.hours);
  if (problem) throw validationError({ [`hours.${problem.index}.${problem.field}`]: 'invalid' });
}

async function checkOwners(tx: Tx, input: RestaurantBody): Promise<void> {
  const [concept] = await tx.select({ id: concepts.id }).from(concepts).where(eq(concepts.id, input.conceptId));
  if (!concept) throw validationError({ conceptId: 'notFound' });
  const [location] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, input.locationId));
  if (!location) throw validationError({ locationId: 'notFound' });
}

/** Replaces the week's hours; the working_hours trigger moves the menu version, so the shop shows them at once. */
export async function writeHours(tx: Tx, restaurantId: number, hours: RestaurantBody['hours']): Promise<void> {
  await tx.delete(workingHours).where(eq(workingHours.restaurantId, restaurantId));
  if (hours.length > 0)
    await tx.insert(workingHours).values(
      hours.map((entry) => ({
        restaurantId,
        from: entry.from,
        to: entry.to,
        // A special day is on its date's weekday, whatever the body said.
        day: entry.date ? weekdayOf(entry.date) : entry.day,
        date: entry.date ?? null,
        service: entry.service ?? null,
      })),
    );
}

/** A restaurant's week, Monday first: the full form's and the kitchen manager's opening form's. */
export const readHours = (db: Tx | Db, restaurantId: number) =>
  db
    .select({
      day: workingHours.day,
      from: workingHours.from,
      to: workingHours.to,
      date: workingHours.date,
      service: workingHours.service,
    })
    .from(workingHours)
    .where(eq(workingHours.restaurantId, restaurantId))
    .orderBy(asc(workingHours.date), asc(workingHours.day), asc(workingHours.from));

async function readIn(tx: Tx | Db, id: number): Promise<AdminRestaurant> {
  const [row] = await tx.select().from(restaurants).where(eq(restaurants.id, id));
  if (!row) throw notFound();
  return { ...row, hours: await readHours(tx, id) };
}

export const readRestaurant = (ctx: ServiceCtx<'db'>, id: number): Promise<AdminRestaurant> => readIn(ctx.db, id);

export function createRestaurant(ctx: ServiceCtx<'db'>, input: RestaurantBody): Promise<AdminRestaurant> {
  checkFields(input);
  return uniqueOr('notUniqueSlug', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      await checkOwners(tx, input);
      const [row] = await tx.insert(restaurants).values(values(input)).returning({ id: restaurants.id });
      if (!row) throw new Error('insert returned nothing');
      await writeHours(tx, row.id, input.hours);
      await audit(tx, ctx, 'restaurant.created', 'restaurant', row.id, input);
      return readIn(tx, row.id);
    }),
  );
}

/**
 * Edits every field and the week's hours in one transaction. restaurants.updated_at (the menu version) moves with
 * the row (migration 0002's trigger), so the shop and the brand sites show the change on their next request.
 */
export function updateRestaurant(ctx: ServiceCtx<'db'>, id: number, input: RestaurantBody): Promise<AdminRestaurant> {
  checkFields(input);
  return uniqueOr('notUniqueSlug', () =>
    withTransaction(ctx, async ({ db: tx }) => {
      await checkOwners(tx, input);
      const [row] = await tx
        .update(restaurants)
        .set(values(input))
        .where(eq(restaurants.id, id))
        .returning({ id: restaurants.id });
      if (!row) throw notFound();
      await writeHours(tx, id, input.hours);
      await audit(tx, ctx, 'restaurant.updated', 'restaurant', id, input);
      return readIn(tx, id);
    }),
  );
}

/** Soft delete (active = false): the restaurant leaves the shop; its orders and menu stay for the books. */
export const deleteRestaurant = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const [row] = await tx.update(restaurants).set({ active: false }).where(eq(restaurants.id, id)).returning();
    if (!row) throw notFound();
    await audit(tx, ctx, 'restaurant.deleted', 'restaurant', id, { active: false });
  });
