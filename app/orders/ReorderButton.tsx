import { useStore } from '#app/stores/use-store.ts';
import { pathFor } from '#domain/localized-routes.ts';
import { formatMoney } from '#domain/money.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $reorders, orderAgain, reorderState } from '#app/stores/reorder.ts';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { REORDER_REASON } from './status-texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import './reorder.css';

/**
 * "Order again" (status page and my orders): fills the basket with the order's items and goes to the basket, or,
 * when some items are gone or cost something else now, says which before the customer goes on. Disabled until the
 * island has hydrated, so a click before then sends nothing.
 */
export default function ReorderButton({
  locale,
  orderId,
  token,
}: {
  locale: UiLocale;
  orderId: string;
  token: string | null;
}) {
  const state = reorderState(useStore($reorders), orderId);
  const hydrated = useHydrated();
  const t = inLocale(locale);
  const basket = pathFor('basket', locale);

  const click = async () => {
    if (await orderAgain(orderId, token)) window.location.assign(basket);
  };

  return (
    <div className="reorder">
      <button
        type="button"
        className="reorder-button"
        disabled={!hydrated || state.status === 'sending'}
        onClick={() => void click()}
      >
        {state.status === 'sending' ? m.status_reorderSending({}, t) : m.status_reorder({}, t)}
      </button>
      <div aria-live="polite" className="reorder-live">
        {state.status === 'failed' && (
          <Notice tone="error" className="reorder-notice reorder-notice-error">
            {errorMessage(state.error, locale)}
          </Notice>
        )}
        {state.status === 'told' && (
          <div className="reorder-notice">
            <p>{m.status_reorderTold({}, t)}</p>
            {state.missing.length > 0 && (
              <>
                <p className="reorder-heading">{m.status_reorderMissing({}, t)}</p>
                <ul>
                  {state.missing.map((line, index) => (
                    <li key={index}>
                      {line.quantity} × {line.name} – {REORDER_REASON[line.reason]({}, t)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            {state.changed.length > 0 && (
              <>
                <p className="reorder-heading">{m.status_reorderChanged({}, t)}</p>
                <ul>
                  {state.changed.map((line, index) => (
                    <li key={index}>
                      {m.status_reorderPrice(
                        {
                          name: line.name,
                          before: formatMoney(line.before, line.currency, locale),
                          after: formatMoney(line.after, line.currency, locale),
                        },
                        t,
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <a className="reorder-go" href={basket}>
              {m.status_goToBasket({}, t)}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
