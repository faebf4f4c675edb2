import { useLayoutEffect, useState } from 'react';
import { useHydrated } from './use-dropdown.ts';

export const CONSENT_STORAGE_KEY = 'cookieConsent';

export type CookieConsentLabels = { label: string; text: string; agree: string; policy: string };

const agreed = (): boolean => {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY) === 'agreed';
  } catch {
    return false;
  }
};

/**
 * Spec section 2: a banner at the bottom until the agree button is pressed, remembered in localStorage.
 *
 * The banner is in the server's HTML, so a first visit paints it with the page (rendered only by the island, it
 * came late and was the page's largest paint: Lighthouse's LCP, decision 029). A returning visitor never sees it:
 * the layout's inline script marks the document before the banner is parsed and CSS hides it, and hydration removes
 * it (the first client render matches the server's, a layout effect then drops the banner).
 */
export default function CookieConsent({ labels, policyHref }: { labels: CookieConsentLabels; policyHref: string }) {
  const [show, setShow] = useState(true);
  // Disabled until the island runs, as the navbar's buttons are: a click before then would otherwise be lost, the
  // banner staying although the visitor agreed (the island hydrates when the browser is idle).
  const hydrated = useHydrated();
  // A layout effect runs within hydration, so the banner is gone by the time the island counts as hydrated.
  useLayoutEffect(() => {
    if (agreed()) setShow(false);
  }, []);
  if (!show) return null;
  return (
    <section className="cookie-consent" aria-label={labels.label}>
      <p>
        {labels.text} <a href={policyHref}>{labels.policy}</a>
      </p>
      <button
        type="button"
        className="button"
        disabled={!hydrated}
        onClick={() => {
          try {
            localStorage.setItem(CONSENT_STORAGE_KEY, 'agreed');
          } catch {
            // Storage refused (private mode): the banner goes for this page and comes back on the next.
          }
          setShow(false);
        }}
      >
        {labels.agree}
      </button>
    </section>
  );
}
