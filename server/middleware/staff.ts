import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context.ts';
import { mayActOnRestaurant, mayCallAdminApi, type StaffScope } from '../domain/staff-access.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { assertRestaurantInScope, loadStaffScope, restaurantOwning } from '../services/admin/staff/scope.ts';

/**
 * The /api/admin guard (issue 37): 401 unless the signed-in role may make this call at all (the admin every one, a
 * kitchen account its areas, domain/staff-access.ts); then the account's scope is read once for the routes to ask.
 */
export const requireStaffArea = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const user = c.var.user;
  if (!user || !mayCallAdminApi(user.role, c.req.method, c.req.path)) throw unauthorized();
  const scope = await loadStaffScope(c.var.deps.db, user);
  if (!scope) throw unauthorized();
  c.set('staffScope', scope);
  return next();
};

/** The scope the guard read; 401 should a route ask without the guard in front. */
function staffScope(c: Context<AppEnv>): StaffScope {
  const scope = c.var.staffScope as StaffScope | undefined;
  if (!scope) throw unauthorized();
  return scope;
}

/**
 * Forbidden unless the account may act on the restaurant (given, or owning the order, category or item named):
 * every route that acts on one restaurant's things asks this before its service runs. The admin's answers are
 * untouched: an unknown id stays the service's notFound.
 */
export async function requireRestaurantInScope(
  c: Context<AppEnv>,
  target: number | Parameters<typeof restaurantOwning>[1],
): Promise<void> {
  const scope = staffScope(c);
  if (scope.kind === 'all') return;
  const restaurantId = typeof target === 'number' ? target : await restaurantOwning(c.var.deps.db, target);
  assertRestaurantInScope(scope, restaurantId);
}

/**
 * Forbidden unless the account may act on one of these restaurants at least (a brand's, for its shared modifier
 * groups, decision 058): the admin always, a kitchen account when its kitchens cook the brand.
 */
export function requireSomeRestaurantInScope(c: Context<AppEnv>, restaurantIds: readonly number[]): void {
  const scope = staffScope(c);
  if (scope.kind === 'all') return;
  if (!restaurantIds.some((id) => mayActOnRestaurant(scope, id))) throw forbidden();
}
