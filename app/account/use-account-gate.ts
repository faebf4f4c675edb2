import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { $leaving } from '#app/stores/account/profile.ts';
import { $user } from '#app/stores/session.ts';

/**
 * Sends a guest to the login page of the page's language, with the way back (`?return=`); once the page has
 * loaded, a session that ends (any 401 logs the client out) does the same. Leaving on purpose (log out, delete the
 * account) goes home instead (spec section 6).
 */
export function useAccountGate(locale: UiLocale, status: string, enabled = true): void {
  const user = useStore($user);
  const leaving = useStore($leaving);
  const lostSession = status === 'ready' && user === null;
  useEffect(() => {
    if (leaving) {
      if (user === null) window.location.assign(pathFor('home', locale));
      return;
    }
    if (!enabled) return;
    if (status !== 'guest' && !lostSession) return;
    const back = window.location.pathname;
    window.location.replace(`${pathFor('login', locale)}?return=${encodeURIComponent(back)}`);
  }, [enabled, leaving, locale, lostSession, status, user]);
}
