import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { locations, menuCategories, menuItems, orders, restaurants, userKitchens } from '#db/schema/index.ts';
import { isKitchenRole } from '#domain/roles.ts';
import { mayActOnRestaurant, type StaffScope } from '#domain/staff-access.ts';
import type { SessionUser } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';

type Reader = Db | Tx;
type Kitchen = Extract<StaffScope, { kind: 'kitchens' }>['kitchens'][number];

/**
 * The kitchens (locations, not deleted) with the restaurants cooked there, by name: of the given locations, or every
 * one when `locationIds` is null. A deleted restaurant (active = false) still has a board: its last orders finish.
 */
async function kitchensOf(db: Reader, locationIds: number[] | null): Promise<Kitchen[]> {
  if (locationIds?.length === 0) return [];
  const rows = await db
    .select({
      locationId: locations.id,
      locationSlug: locations.slug,
      locationName: locations.name,
      id: restaurants.id,
      slug: restaurants.slug,
      name: restaurants.name,
    })
    .from(locations)
    .leftJoin(restaurants, eq(restaurants.locationId, locations.id))
    .where(and(eq(locations.deleted, false), locationIds ? inArray(locations.id, locationIds) : undefined))
    .orderBy(asc(locations.name), asc(restaurants.name));
  const kitchens = new Map<number, Kitchen>();
  for (const row of rows) {
    const kitchen = kitchens.get(row.locationId) ?? {
      id: row.locationId,
      slug: row.locationSlug,
      name: row.locationName,
      restaurants: [],
    };
    kitchens.set(row.locationId, kitchen);
    if (row.id !== null && row.slug !== null && row.name !== null)
      kitchen.restaurants.push({ id: row.id, slug: row.slug, name: row.name });
  }
  return [...kitchens.values()];
}

/**
 * What a staff account may act on, read once per request by the /api/admin guard and by the admin pages: everything
 * for the admin, its kitchens' restaurants for a kitchen account, null for anybody else (no part of the admin).
 */
export async function loadStaffScope(db: Reader, user: SessionUser): Promise<StaffScope | null> {
  if (user.role === 'admin') return { kind: 'all' };
  if (!isKitchenRole(user.role)) return null;
  const assigned = await db
    .select({ locationId: userKitchens.locationId })
    .from(userKitchens)
    .where(eq(userKitchens.userId, user.id));
  return {
    kind: 'kitchens',
    role: user.role,
    kitchens: await kitchensOf(
      db,
      assigned.map((row) => row.locationId),
    ),
  };
}

/** The kitchens a chooser lists: the account's own, or every kitchen for the admin. */
export const kitchensInScope = (db: Reader, scope: StaffScope): Promise<Kitchen[]> =>
  scope.kind === 'all' ? kitchensOf(db, null) : Promise.resolve(scope.kitchens);

/** Forbidden unless the scope covers the restaurant: the one check every admin route makes before acting. */
export function assertRestaurantInScope(scope: StaffScope, restaurantId: number): void {
  if (!mayActOnRestaurant(scope, restaurantId)) throw new AppError('Forbidden');
}

/**
 * The restaurant a thing named by id belongs to, for the scope check before anything is read or written: notFound for
 * an unknown id (so the admin's answers stay as they were).
 */
export async function restaurantOwning(
  db: Reader,
  thing: { order: string } | { menuCategory: number } | { menuItem: number },
): Promise<number> {
  const [row] =
    'order' in thing
      ? await db.select({ id: orders.restaurantId }).from(orders).where(eq(orders.id, thing.order))
      : 'menuCategory' in thing
        ? await db
            .select({ id: menuCategories.restaurantId })
            .from(menuCategories)
            .where(eq(menuCategories.id, thing.menuCategory))
        : await db.select({ id: menuItems.restaurantId }).from(menuItems).where(eq(menuItems.id, thing.menuItem));
  if (!row?.id) throw notFound();
  return row.id;
}
