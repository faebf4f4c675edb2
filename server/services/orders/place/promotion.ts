import type { Query } from '#db/raw.ts';
import { customerKeys } from '#domain/promotions.ts';
import { phoneLookupKey } from '#domain/phone-lookup.ts';

/** What a discount code that asks who the customer is (issue 38) needs to know of them. */
export type CustomerHistory = {
  /** The customer's uses of the basket's code, by any of their keys (account, e-mail, phone). */
  uses: number;
  /** The customer's earlier orders not canceled or rejected, by account, e-mail or phone. */
  orders: number;
};

/**
 * The customer's history with the basket's code, read only when the code is once per customer or first order only
 * (the `asks` condition is a one-time filter: for any other code, or none, the orders are not looked at). The orders
 * are found by the indexes the order search uses (orders_user_idx, orders_customer_email_idx,
 * orders_customer_phone_idx).
 */
const HISTORY_SQL = `with code as (
  select d.id, d.once_per_customer or d.first_order_only as asks
  from baskets b join discount_codes d on d.id = b.discount_code_id where b.id = $1::text::uuid)
select
  (select count(*) from discount_redemptions dr
    where (select asks from code) and dr.discount_code_id = (select id from code)
      and dr.customer in (select jsonb_array_elements_text($2::text::jsonb)))::int as uses,
  (select count(*) from orders o
    where (select asks from code) and o.status not in ('canceled', 'rejected')
      and (o.user_id = $3::text::uuid or lower(o.customer->>'email') = $4::text
        or right(regexp_replace(o.customer->>'phone', '[^0-9]', '', 'g'), 9) = $5::text))::int as orders`;

/** Reads the customer's history with the basket's code (zeros when the code asks nothing of the customer). */
export async function customerHistory(
  query: Query,
  basketId: string,
  customer: { userId: string | null; email?: string | null | undefined; phone?: string | null | undefined },
): Promise<CustomerHistory> {
  const email = customer.email?.trim().toLowerCase() || null;
  const phone = customer.phone ? phoneLookupKey(customer.phone) : null;
  const [row] = await query(HISTORY_SQL, [
    basketId,
    JSON.stringify(customerKeys(customer)),
    customer.userId,
    email,
    phone,
  ]);
  return { uses: Number(row?.['uses'] ?? 0), orders: Number(row?.['orders'] ?? 0) };
}
