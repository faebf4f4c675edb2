/** Spec section 2: the chosen language lives in the `lang` cookie for 365 days. */
const LANG_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export const langCookie = (language: string): string =>
  `lang=${encodeURIComponent(language)}; Max-Age=${LANG_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;

/**
 * The language picker is a list of plain links (it works without JavaScript); when scripts run, following one of
 * them also remembers the choice, so the server's detection on / respects it from then on.
 */
export function rememberLanguageOnPick(doc: Document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-lang]');
    if (link?.dataset['lang']) doc.cookie = langCookie(link.dataset['lang']);
  });
}
