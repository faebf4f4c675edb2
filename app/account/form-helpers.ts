import { useEffect, useState } from 'react';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';

/**
 * False in the server-rendered HTML and until React has hydrated the island: forms keep their submit button
 * disabled until then, so a click before the island loads sends nothing (design.md: forms before hydration).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Scrolls to the field the whole-form check found first and puts the cursor there (spec section 5). */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  if (!form || !name) return;
  const input = form.querySelector<HTMLElement>(`[name="${name}"]`);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}

/** Paraglide's options for a call in the interface's language (decision 010). */
export const inLocale = (locale: UiLocale) => ({ locale: messageLocale(locale) }) as const;

/** A value of the URL's query, read in the browser only (the pages are static; tokens arrive in the query). */
export const queryParam = (name: string): string | null =>
  typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get(name);
