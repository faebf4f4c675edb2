import type { AdminEntity } from '#domain/admin-routes.ts';
import { m } from '#i18n/paraglide/messages.js';

type Options = { locale: 'pl' | 'en' | 'uk' };

/** The name of each admin section, as the navbar and the page titles say it. */
export const entityName: Record<AdminEntity, (inputs: Record<string, never>, options: Options) => string> = {
  concepts: m.admin_entity_concepts,
  locations: m.admin_entity_locations,
  restaurants: m.admin_entity_restaurants,
  orders: m.admin_entity_orders,
  discountCodes: m.admin_entity_discountCodes,
  users: m.admin_entity_users,
  clients: m.admin_entity_clients,
  baskets: m.admin_entity_baskets,
  payments: m.admin_entity_payments,
  sales: m.admin_entity_sales,
  outbox: m.admin_entity_outbox,
  botKeys: m.admin_entity_botKeys,
};
