import { pathFor, localePrefix, type Locale } from '#domain/localized-routes.ts';
import type { CurrentUser } from '#app/stores/session.ts';
import { isKitchenRole } from '#domain/roles.ts';

export type UserMenuEntry = {
  key: 'home' | 'profile' | 'orders' | 'admin' | 'newOrder' | 'login' | 'register' | 'logout';
  href: string;
};

/**
 * Spec section 6: the main links for every logged-in user, the admin panel only for admins, the call centre's new
 * order only for callCenter, login and register for guests. Logout is an action, not a link (href unused).
 */
export function userMenuEntries(user: Pick<CurrentUser, 'role'> | null, locale: Locale): UserMenuEntry[] {
  const home: UserMenuEntry = { key: 'home', href: pathFor('home', locale) };
  if (!user)
    return [
      home,
      { key: 'login', href: pathFor('login', locale) },
      { key: 'register', href: pathFor('register', locale) },
    ];
  // Admin screens are at /admin (with the language prefix, spec section 2); the call centre's new order is the
  // admin's add-order form.
  const admin = `${localePrefix(locale)}/admin`;
  return [
    home,
    { key: 'profile', href: pathFor('profile', locale) },
    { key: 'orders', href: pathFor('myOrders', locale) },
    // A kitchen account's /admin is its kitchens' boards (issue 37).
    ...(user.role === 'admin' || isKitchenRole(user.role) ? [{ key: 'admin' as const, href: admin }] : []),
    ...(user.role === 'callCenter' ? [{ key: 'newOrder' as const, href: `${admin}/orders/add` }] : []),
    { key: 'logout', href: pathFor('home', locale) },
  ];
}
