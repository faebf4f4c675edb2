import type { Query } from '#db/raw.ts';
import * as ordersSql from '#db/statements/orders.ts';
import { run } from '#db/statements/statement.ts';
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
 * Reads the customer's history with the basket's code (zeros when the code asks nothing of the customer): only when
 * the code is once per customer or first order only (db/statements/orders.ts customerHistory).
 */
export async function customerHistory(
  query: Query,
  basketId: string,
  customer: { userId: string | null; email?: string | null | undefined; phone?: string | null | undefined },
): Promise<CustomerHistory> {
  const email = customer.email?.trim().toLowerCase() || null;
  const phone = customer.phone ? phoneLookupKey(customer.phone) : null;
  const [row] = await run(query, ordersSql.customerHistory, {
    basketId,
    customerKeys: JSON.stringify(customerKeys(customer)),
    userId: customer.userId,
    email,
    phone,
  });
  return { uses: row?.uses ?? 0, orders: row?.orders ?? 0 };
}
