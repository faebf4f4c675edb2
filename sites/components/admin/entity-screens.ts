import type { AdminEntity } from '#domain/admin-routes.ts';

/**
 * Which admin sections have an add and a show screen: the pages answer 404 for any other, and
 * AdminEntityScreen.astro holds which island each one renders (one map, issue 33).
 */
export const ENTITY_SCREENS: Partial<Record<AdminEntity, readonly ('add' | 'show')[]>> = {
  concepts: ['add', 'show'],
  locations: ['add', 'show'],
  restaurants: ['add', 'show'],
  orders: ['add', 'show'],
  discountCodes: ['add', 'show'],
  users: ['add', 'show'],
  outbox: ['show'],
};

export const hasEntityScreen = (entity: AdminEntity, screen: 'add' | 'show'): boolean =>
  ENTITY_SCREENS[entity]?.includes(screen) ?? false;
