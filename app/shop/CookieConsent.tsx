import { useEffect, useState } from 'react';

export const CONSENT_STORAGE_KEY = 'cookieConsent';

export type CookieConsentLabels = { label: string; text: string; agree: string; policy: string };

const agreed = (): boolean => {
  try {
    return localStorage.getItem(CONSENT_STORAGE_KEY) === 'agreed';
  } catch {
    return false;
  }
};

/** Spec section 2: a banner at the bottom until the agree button is pressed, remembered in localStorage. */
export default function CookieConsent({ labels, policyHref }: { labels: CookieConsentLabels; policyHref: string }) {
  // Hidden until the browser has said whether it was agreed to, so a returning visitor never sees it flash.
  const [show, setShow] = useState(false);
  useEffect(() => setShow(!agreed()), []);
  if (!show) return null;
  return (
    <section className="cookie-consent" aria-label={labels.label}>
      <p>
        {labels.text} <a href={policyHref}>{labels.policy}</a>
      </p>
      <button
        type="button"
        className="button"
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
