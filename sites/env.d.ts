// What the server hands the server-rendered pages (server/server-rendered-pages.ts): the catalogue services.
declare namespace App {
  interface Locals {
    catalogue: import('#server/services/catalogue/reader.ts').CatalogueReader;
  }
}
