import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { authRoutes } from './auth/index.ts';
import { catalogueRoutes } from './catalogue/index.ts';
import { basketRoutes } from './basket/index.ts';
import { contactRoutes } from './contact/index.ts';
import { myOrdersRoutes, ordersRoutes } from './orders/index.ts';
import { paymentsRoutes } from './payments/index.ts';
import { paymentMethodsRoutes } from './payment-methods/index.ts';
import { createDocsRoutes } from './docs/index.ts';
import { accountRoutes } from './account/index.ts';
import { ccRoutes } from './cc/index.ts';
import { requireRole } from '../middleware/session.ts';
import { requireStaffArea } from '../middleware/staff.ts';
import { adminIngredientRoutes, kitchenIngredientRoutes } from './admin/ingredients/index.ts';
import { menuAvailabilityRoutes } from './catalogue/availability.ts';
import { adminBotKeysRoutes } from './admin/bot-keys/index.ts';
import { botRoutes } from './bot/index.ts';
import { adminListRoutes } from './admin/lists/index.ts';
import { adminOrderRoutes } from './admin/orders/index.ts';
import { adminKitchenRoutes } from './admin/kitchen/index.ts';
import { adminDashboardRoutes } from './admin/dashboard/index.ts';
import { adminConceptRoutes } from './admin/concepts/index.ts';
import { adminLocationRoutes } from './admin/locations/index.ts';
import { adminRestaurantRoutes } from './admin/restaurants/index.ts';
import { adminMenuRoutes } from './admin/menu/index.ts';
import { adminBrandGroupRoutes } from './admin/menu/brand-groups.ts';
import { adminDiscountCodeRoutes } from './admin/discount-codes/index.ts';
import { adminUserRoutes } from './admin/users/index.ts';
import { adminOutboxRoutes } from './admin/outbox/index.ts';
import { adminDataRightsRoutes } from './admin/data-rights/index.ts';
import { dataRightsRoutes, unsubscribeRoutes } from './rights/index.ts';
import { adminInvoiceRoutes } from './admin/invoices/index.ts';

/**
 * Every /api route, chained so that `hc<ApiType>` in the islands knows each path, body and answer.
 * Add a resource with `.route('/<resource>', <resource>Routes)`.
 */
export function createApiRoutes() {
  const api = new Hono<AppEnv>()
    // One guard per staff prefix, so every route added under it inherits the check (spec section 6; 401 otherwise).
    // The admin's prefix also lets kitchen accounts into their areas, with their scope (domain/staff-access.ts).
    .use('/admin/*', requireStaffArea())
    .use('/cc/*', requireRole('callCenter', 'admin'))
    .get('/ping', (c) => c.json({ ok: true }))
    .route('/auth', authRoutes)
    .route('/account', accountRoutes)
    .route('/', catalogueRoutes)
    .route('/', menuAvailabilityRoutes)
    .route('/basket', basketRoutes)
    .route('/contact', contactRoutes)
    .route('/orders', ordersRoutes)
    .route('/my-orders', myOrdersRoutes)
    .route('/payments', paymentsRoutes)
    .route('/payment-methods', paymentMethodsRoutes)
    .route('/cc', ccRoutes)
    .route('/admin/bot-keys', adminBotKeysRoutes)
    .route('/bot', botRoutes)
    .route('/admin/orders', adminOrderRoutes)
    .route('/admin/kitchen', adminKitchenRoutes)
    .route('/admin/kitchen', kitchenIngredientRoutes)
    .route('/admin/ingredients', adminIngredientRoutes)
    .route('/admin/dashboard', adminDashboardRoutes)
    .route('/admin/concepts', adminConceptRoutes)
    .route('/admin/locations', adminLocationRoutes)
    .route('/admin/restaurants', adminRestaurantRoutes)
    .route('/admin/menu', adminMenuRoutes)
    .route('/admin/menu', adminBrandGroupRoutes)
    .route('/admin/discountCodes', adminDiscountCodeRoutes)
    .route('/admin/users', adminUserRoutes)
    .route('/admin/outbox', adminOutboxRoutes)
    .route('/admin/data-rights', adminDataRightsRoutes)
    .route('/data-rights', dataRightsRoutes)
    .route('/unsubscribe', unsubscribeRoutes)
    .route('/admin/invoices', adminInvoiceRoutes)
    // The lists last: GET /admin/{entity} of spec section 7 for every section.
    .route('/admin', adminListRoutes);
  // /openapi.json and /docs describe the router they are mounted on.
  return api.route(
    '/',
    createDocsRoutes(() => api),
  );
}

export type ApiType = ReturnType<typeof createApiRoutes>;
