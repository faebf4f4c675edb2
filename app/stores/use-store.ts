import { useStore as useNanoStore, type UseStoreOptions } from '@nanostores/react';
import type { Store, StoreValue } from 'nanostores';

/**
 * A store's value for an island, the one way islands read stores. While React hydrates an island it renders with
 * the store's initial value, which is what the server rendered the page with; the browser's value comes in the
 * render right after. Reading the browser's value while hydrating makes React throw the server's HTML away (a
 * hydration mismatch, reported as an error) whenever something filled the store before the island hydrated: the
 * navbar's user menu hydrating when idle, after the profile page's island had loaded the user.
 */
export function useStore<S extends Store>(store: S, options: Omit<UseStoreOptions<S>, 'ssr'> = {}): StoreValue<S> {
  return useNanoStore(store, { ...options, ssr: 'initial' });
}
