import type { AppDeps } from '#server/context.ts';
import { GUEST } from '../actor.ts';
import { loadViewableOrder, type OrderView } from './view.ts';

/**
 * Orders as the server-rendered status page reads them (decision 018's locals, like the catalogue reader): the
 * order its path names, when the path's token is that order's. No session is asked for: the link a guest follows
 * from the e-mail and the one my orders gives its owner carry the same token.
 */
export function orderReader(deps: Pick<AppDeps, 'db' | 'now'>) {
  return {
    statusPage: (orderId: string, token: string): Promise<OrderView | null> =>
      loadViewableOrder({ ...deps, actor: GUEST }, { orderId, token }),
  };
}

export type OrderReader = ReturnType<typeof orderReader>;
