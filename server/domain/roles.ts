/**
 * Every role an account can have: the one list. The users table's check constraint is written from it
 * (db/schema/accounts.ts), and so are the admin's role choices and filters.
 */
export const USER_ROLES = ['user', 'callCenter', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
