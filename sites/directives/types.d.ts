// Lets `.astro` templates use the project's own client directives (astro.config.mjs adds them).
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** Hydrate on the first pointer, focus, key or click on the island, or on the element the selector names. */
      'client:interaction'?: boolean | string;
    }
  }
}

export {};
