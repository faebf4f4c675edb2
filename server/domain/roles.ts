/**
 * Every role an account can have: the one list. The users table's check constraint is written from it
 * (db/schema/accounts.ts), and so are the admin's role choices and filters.
 */
export const USER_ROLES = ['user', 'callCenter', 'kitchenStaff', 'kitchenManager', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The kitchen roles: staff of one or more locations (kitchens, user_kitchens) who see and act on those kitchens'
 * orders only. A manager may also edit the menus, hours and availability of the restaurants cooked there, and is
 * who an order nobody accepted is escalated to.
 */
export const KITCHEN_ROLES = ['kitchenStaff', 'kitchenManager'] as const satisfies readonly UserRole[];
export type KitchenRole = (typeof KITCHEN_ROLES)[number];
export const isKitchenRole = (role: string): role is KitchenRole => (KITCHEN_ROLES as readonly string[]).includes(role);
