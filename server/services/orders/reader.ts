import type { Db } from '#db/client.ts';
import { findViewableOrder, loadOrderView, type OrderView } from './view.ts';

/**
 * Orders as the server-rendered status page reads them (decision 018's locals, like the catalogue reader): the
 * order its path names, when the path's token is that order's. No session is asked for: the link a guest follows
 * from the e-mail and the one my orders gives its owner carry the same token.
 */
export function orderReader(db: Db, now: () => Date) {
  return {
    statusPage: async (orderId: string, token: string): Promise<OrderView | null> => {
      const found = await findViewableOrder(db, { orderId, token, user: null });
      return found ? loadOrderView(db, found.id, now()) : null;
    },
  };
}

export type OrderReader = ReturnType<typeof orderReader>;
