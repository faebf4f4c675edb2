import type { messageLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';

/** The user menu's words, the same in the shop's navbar and the staff screens' (the island takes them as props). */
export const userMenuLabels = (t: { locale: ReturnType<typeof messageLocale> }) => ({
  label: m.shop_user_label({}, t),
  home: m.shop_user_home({}, t),
  profile: m.shop_user_profile({}, t),
  orders: m.shop_user_orders({}, t),
  admin: m.shop_user_admin({}, t),
  newOrder: m.shop_user_newOrder({}, t),
  login: m.shop_user_login({}, t),
  register: m.shop_user_register({}, t),
  logout: m.shop_user_logout({}, t),
});
