import type { CatalogueReader } from '#server/services/catalogue/reader.ts';

// What the server hands the server-rendered pages (server/server-rendered-pages.ts): the catalogue services.
declare global {
  namespace App {
    interface Locals {
      catalogue: CatalogueReader;
    }
  }
}
