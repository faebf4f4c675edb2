import { isKitchenRole, type KitchenRole, type UserRole } from './roles.ts';

/**
 * What a staff account may act on (issue 37). The admin acts on everything; a kitchen account (kitchenStaff,
 * kitchenManager) on the restaurants cooked in its kitchens (user_kitchens → locations → restaurants) only. The
 * server reads it once per request (services/admin/staff-scope.ts) and every admin route asks it here.
 */
export type StaffScope =
  | { kind: 'all' }
  | {
      kind: 'kitchens';
      role: KitchenRole;
      /** The kitchens (locations) the account works in, and the restaurants cooked there, with their board slugs. */
      kitchens: { id: number; slug: string; name: string; restaurants: { id: number; slug: string; name: string }[] }[];
    };

/** The restaurants a kitchen scope covers (every one for the admin: null). */
function scopeRestaurantIds(scope: StaffScope): ReadonlySet<number> | null {
  if (scope.kind === 'all') return null;
  return new Set(scope.kitchens.flatMap((kitchen) => kitchen.restaurants.map((restaurant) => restaurant.id)));
}

/** May this account act on (see the board of, act on the orders of, edit) this restaurant? */
export function mayActOnRestaurant(scope: StaffScope, restaurantId: number): boolean {
  return scopeRestaurantIds(scope)?.has(restaurantId) ?? true;
}

/**
 * The parts of the admin a role reaches beyond the admin's own:
 *   kitchen  — the kitchen boards and the order screen with its actions (accept, reject, ready, …) and its kitchen
 *              ticket and packing slip to print
 *   menu     — a restaurant's menu editor
 *   opening  — a restaurant's opening hours and availability (never its fees, delivery area or owners)
 *   lateness — how late its kitchens had orders ready against their promise (the dashboard's promise accuracy)
 * Which restaurants an area covers is the scope's business (mayActOnRestaurant).
 */
export type StaffArea = 'kitchen' | 'menu' | 'opening' | 'lateness';

const KITCHEN_AREAS: Record<KitchenRole, readonly StaffArea[]> = {
  kitchenStaff: ['kitchen'],
  kitchenManager: ['kitchen', 'menu', 'opening', 'lateness'],
};

/** Whether a role reaches an area of the admin: the admin every one, kitchen roles theirs, anybody else none. */
export function roleReaches(role: UserRole, area: StaffArea): boolean {
  if (role === 'admin') return true;
  return isKitchenRole(role) && KITCHEN_AREAS[role].includes(area);
}

/**
 * The /api/admin calls outside the admin's own, by the area they belong to (paths below /api). Every other
 * /api/admin call is the admin's alone: a call added later stays closed to kitchen accounts until it is listed here.
 */
const API_AREAS: readonly { area: StaffArea; method: string; path: RegExp }[] = [
  { area: 'kitchen', method: 'GET', path: /^\/api\/admin\/kitchen\/[^/]+(?:\/events)?$/ },
  { area: 'kitchen', method: 'POST', path: /^\/api\/admin\/kitchen\/[^/]+\/orders\/[^/]+\/acknowledge$/ },
  { area: 'kitchen', method: 'PUT', path: /^\/api\/admin\/kitchen\/[^/]+\/busy$/ },
  // The board's ingredient switch (issue 35, decision 064): the kitchen's ingredients are every brand's there.
  { area: 'kitchen', method: 'GET', path: /^\/api\/admin\/kitchen\/[^/]+\/ingredients$/ },
  { area: 'kitchen', method: 'PUT', path: /^\/api\/admin\/kitchen\/[^/]+\/ingredients\/[^/]+$/ },
  { area: 'kitchen', method: 'GET', path: /^\/api\/admin\/orders\/[^/]+$/ },
  { area: 'kitchen', method: 'POST', path: /^\/api\/admin\/orders\/[^/]+\/actions$/ },
  { area: 'kitchen', method: 'GET', path: /^\/api\/admin\/orders\/[^/]+\/ticket$/ },
  { area: 'lateness', method: 'GET', path: /^\/api\/admin\/dashboard\/lateness$/ },
  { area: 'menu', method: 'GET', path: /^\/api\/admin\/menu\/restaurants\/[^/]+$/ },
  { area: 'menu', method: 'POST', path: /^\/api\/admin\/menu\/restaurants\/[^/]+\/(?:categories|items)$/ },
  { area: 'menu', method: 'PUT', path: /^\/api\/admin\/menu\/(?:categories|items)\/[^/]+$/ },
  { area: 'menu', method: 'DELETE', path: /^\/api\/admin\/menu\/(?:categories|items)\/[^/]+$/ },
  { area: 'menu', method: 'PUT', path: /^\/api\/admin\/menu\/items\/[^/]+\/availability$/ },
  { area: 'menu', method: 'GET', path: /^\/api\/admin\/ingredients\/restaurants\/[^/]+$/ },
  // The menu tools (issue 38, decision 058): a manager uses them within the restaurants of their kitchens.
  { area: 'menu', method: 'GET', path: /^\/api\/admin\/menu\/restaurants\/[^/]+\/export$/ },
  { area: 'menu', method: 'PUT', path: /^\/api\/admin\/menu\/restaurants\/[^/]+\/prices$/ },
  { area: 'menu', method: 'POST', path: /^\/api\/admin\/menu\/restaurants\/[^/]+\/(?:copy|import)$/ },
  // A dish's photo upload (issue 38, decision 062), for the restaurants whose menus the manager edits.
  { area: 'menu', method: 'POST', path: /^\/api\/admin\/menu\/restaurants\/[^/]+\/photo$/ },
  // A brand's shared modifier groups (decision 058): a manager whose kitchens cook the brand, within their dishes.
  { area: 'menu', method: 'GET', path: /^\/api\/admin\/menu\/brands\/[^/]+\/groups$/ },
  { area: 'menu', method: 'POST', path: /^\/api\/admin\/menu\/brands\/[^/]+\/groups$/ },
  { area: 'menu', method: 'PUT', path: /^\/api\/admin\/menu\/brand-groups\/[^/]+$/ },
  { area: 'menu', method: 'DELETE', path: /^\/api\/admin\/menu\/brand-groups\/[^/]+$/ },
  { area: 'menu', method: 'POST', path: /^\/api\/admin\/menu\/brand-groups\/[^/]+\/(?:attach|detach)$/ },
  { area: 'opening', method: 'GET', path: /^\/api\/admin\/restaurants\/[^/]+\/opening$/ },
  { area: 'opening', method: 'PUT', path: /^\/api\/admin\/restaurants\/[^/]+\/opening$/ },
];

/** May a role make this /api/admin call at all (before the scope decides which restaurants it covers)? */
export function mayCallAdminApi(role: UserRole, method: string, path: string): boolean {
  if (role === 'admin') return true;
  const wanted = method === 'HEAD' ? 'GET' : method;
  return API_AREAS.some((entry) => entry.method === wanted && entry.path.test(path) && roleReaches(role, entry.area));
}
