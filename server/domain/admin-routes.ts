import { LOCALES, localePrefix, type Locale } from './localized-routes.ts';
import { KITCHEN_ROLES, type UserRole } from './roles.ts';
import { mayActOnRestaurant, type StaffScope } from './staff-access.ts';
import type { TicketKind } from './tickets.ts';

/**
 * The admin area's addresses (spec section 2, 'Admin routes'), each also under /en and /ua:
 *   /admin                               dashboard
 *   /admin/{entity}/{page?}              list, page 1 by default
 *   /admin/{entity}/add                  add form (orders/add is the call centre's new-order screen)
 *   /admin/{entity}/show/{id}            show and edit
 *   /admin/restaurants/zones/{id}        a restaurant's delivery zones, drawn on a map (issue 38)
 *   /admin/kitchen                       the kitchens' boards to choose from (a kitchen account's landing)
 *   /admin/kitchen/{restaurant}          a restaurant's kitchen board
 *   /admin/orders/ticket/{id}            an order's kitchen ticket, laid out for 80 mm paper (its print view)
 *   /admin/orders/packing-slip/{id}      an order's packing slip, likewise
 * Rendered per request by the server (decision 019), which checks the role before rendering.
 */
const ADMIN_ENTITIES = [
  'concepts',
  'locations',
  'restaurants',
  'orders',
  'discountCodes',
  'users',
  'clients',
  'baskets',
  'payments',
  'sales',
  'outbox',
  'botKeys',
] as const;
export type AdminEntity = (typeof ADMIN_ENTITIES)[number];

const isAdminEntity = (value: string): value is AdminEntity => (ADMIN_ENTITIES as readonly string[]).includes(value);

export type AdminScreen =
  | { screen: 'dashboard' }
  | { screen: 'list'; entity: AdminEntity; page: number }
  | { screen: 'add'; entity: AdminEntity }
  | { screen: 'show'; entity: AdminEntity; id: string }
  | { screen: 'kitchens' }
  | { screen: 'kitchen'; restaurant: string }
  | { screen: 'zones'; id: string }
  | { screen: 'ticket'; id: string; kind: TicketKind };

export type AdminMatch = AdminScreen & { locale: Locale };

/** The path segment of each paper's print view (below /admin/orders/). */
const TICKET_SEGMENT: Record<TicketKind, string> = { kitchen: 'ticket', packing: 'packing-slip' };

/** The roles that open admin screens. */
export type AdminRole = Exclude<UserRole, 'user'>;

/**
 * Who may open a screen (spec section 6, issue 37): admin everywhere; the call centre also its new-order screen;
 * kitchen accounts the kitchen boards and an order's screen, a kitchen manager also a restaurant's screen (its menu,
 * hours and availability). Which boards, orders and restaurants is the account's scope (screenInScope, the API).
 */
export function rolesFor(screen: AdminScreen): readonly AdminRole[] {
  if (screen.screen === 'add' && screen.entity === 'orders') return ['admin', 'callCenter'];
  if (screen.screen === 'kitchens' || screen.screen === 'kitchen') return ['admin', ...KITCHEN_ROLES];
  if (screen.screen === 'show' && screen.entity === 'orders') return ['admin', ...KITCHEN_ROLES];
  if (screen.screen === 'ticket') return ['admin', ...KITCHEN_ROLES];
  if (screen.screen === 'show' && screen.entity === 'restaurants') return ['admin', 'kitchenManager'];
  return ['admin'];
}

/**
 * Whether a scope covers the screen's restaurant, where the address names one (a board by slug, a restaurant by id);
 * an order's screen and its papers are the API's to refuse (their address names the order, not the restaurant).
 */
export function screenInScope(screen: AdminScreen, scope: StaffScope): boolean {
  if (scope.kind === 'all') return true;
  const restaurants = scope.kitchens.flatMap((kitchen) => kitchen.restaurants);
  if (screen.screen === 'kitchen') return restaurants.some((restaurant) => restaurant.slug === screen.restaurant);
  if (screen.screen === 'show' && screen.entity === 'restaurants')
    return /^[1-9]\d{0,9}$/.test(screen.id) && mayActOnRestaurant(scope, Number(screen.id));
  return true;
}

/** Where a role lands when it opens /admin: a kitchen account has no dashboard, but its kitchens' boards. */
export const adminHome = (role: UserRole): AdminScreen =>
  (KITCHEN_ROLES as readonly string[]).includes(role) ? { screen: 'kitchens' } : { screen: 'dashboard' };

/** The root-relative path of an admin screen in a language: adminPath('en', { screen: 'list', entity: 'users', page: 2 }). */
export function adminPath(locale: Locale, screen: AdminScreen): string {
  const base = `${localePrefix(locale)}/admin`;
  switch (screen.screen) {
    case 'dashboard':
      return base;
    case 'list':
      return screen.page > 1 ? `${base}/${screen.entity}/${screen.page}` : `${base}/${screen.entity}`;
    case 'add':
      return `${base}/${screen.entity}/add`;
    case 'show':
      return `${base}/${screen.entity}/show/${encodeURIComponent(screen.id)}`;
    case 'kitchens':
      return `${base}/kitchen`;
    case 'kitchen':
      return `${base}/kitchen/${encodeURIComponent(screen.restaurant)}`;
    case 'ticket':
      return `${base}/orders/${TICKET_SEGMENT[screen.kind]}/${encodeURIComponent(screen.id)}`;
    case 'zones':
      return `${base}/restaurants/zones/${encodeURIComponent(screen.id)}`;
  }
}

/** Which admin screen a URL path is (the inverse of adminPath); null for anything else, so it answers 404. */
export function matchAdminPath(pathname: string): AdminMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  for (const locale of LOCALES) {
    const base = `${localePrefix(locale)}/admin`;
    if (path !== base && !path.startsWith(`${base}/`)) continue;
    const parts = path.slice(base.length).split('/').filter(Boolean).map(decodeSegment);
    if (parts.includes(null)) return null;
    const match = matchParts(parts as string[]);
    return match ? { ...match, locale } : null;
  }
  return null;
}

function matchParts(parts: string[]): AdminScreen | null {
  const [first, second, third, ...rest] = parts;
  if (first === undefined) return { screen: 'dashboard' };
  if (first === 'kitchen') {
    if (second === undefined) return { screen: 'kitchens' };
    return third === undefined ? { screen: 'kitchen', restaurant: second } : null;
  }
  if (first === 'orders' && third !== undefined && rest.length === 0) {
    const kind = (Object.keys(TICKET_SEGMENT) as TicketKind[]).find((k) => TICKET_SEGMENT[k] === second);
    if (kind) return { screen: 'ticket', id: third, kind };
  }
  if (first === 'restaurants' && second === 'zones' && third !== undefined && rest.length === 0)
    return /^[1-9]\d{0,9}$/.test(third) ? { screen: 'zones', id: third } : null;
  if (!isAdminEntity(first) || rest.length > 0) return null;
  if (second === undefined) return { screen: 'list', entity: first, page: 1 };
  if (second === 'add') return third === undefined ? { screen: 'add', entity: first } : null;
  if (second === 'show') return third ? { screen: 'show', entity: first, id: third } : null;
  if (third === undefined && /^[1-9]\d{0,6}$/.test(second))
    return { screen: 'list', entity: first, page: Number(second) };
  return null;
}

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
