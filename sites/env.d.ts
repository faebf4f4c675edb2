import type { CatalogueReader } from '#server/services/catalogue/reader.ts';
import type { OrderReader } from '#server/services/orders/reader.ts';
import type { AdminLocals } from '#server/server-rendered-pages.ts';

// What the server hands the server-rendered pages (server/server-rendered-pages.ts): the catalogue services and
// the order reader of the status page.
declare global {
  namespace App {
    interface Locals {
      catalogue: CatalogueReader;
      orders: OrderReader;
      /** Set on admin screens only: the matched screen and the staff member the server let in. */
      admin?: AdminLocals;
    }
  }
}
