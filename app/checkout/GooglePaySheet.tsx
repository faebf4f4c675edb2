import { Dialog } from '#app/ui/dialog.tsx';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { $sandboxSheet } from './google-pay.ts';

/**
 * The sandbox provider's Google Pay sheet: where the sandbox takes the payments, this stands in for Google's own
 * sheet (google-pay.ts). It shows the PaymentDataRequest's merchant and total and answers a token the sandbox charges,
 * one it declines, or nothing (closed). A modal dialog: focus moves into it and Escape closes it.
 */
export function GooglePaySheet({ locale }: { locale: UiLocale }) {
  const sheet = useStore($sandboxSheet);
  const t = inLocale(locale);

  const info = sheet?.request.transactionInfo;
  // Google's request carries the total as a decimal string and an ISO code; the sheet writes it as the shop does.
  const total = info
    ? formatMoney(Math.round(Number(info.totalPrice) * 100), info.currencyCode as Currency, locale)
    : '';
  return (
    <Dialog
      open={sheet !== null}
      className="checkout-gpay"
      aria-labelledby="checkout-gpay-title"
      onCancel={(event) => {
        event.preventDefault();
        sheet?.answer('close');
      }}
    >
      {sheet && (
        <div className="checkout-gpay-body">
          <h2 id="checkout-gpay-title">{m.checkout_gpay_title({}, t)}</h2>
          <p>{sheet.request.merchantInfo.merchantName}</p>
          <p className="checkout-gpay-total">{total}</p>
          <p className="checkout-gpay-card">{m.checkout_gpay_card({}, t)}</p>
          <p className="account-field-hint">{m.checkout_gpay_text({}, t)}</p>
          <div className="checkout-gpay-actions">
            <button type="button" className="account-button" onClick={() => sheet.answer('approve')}>
              {m.checkout_gpay_pay({ total }, t)}
            </button>
            <button
              type="button"
              className="account-button account-button-secondary"
              onClick={() => sheet.answer('decline')}
            >
              {m.checkout_gpay_decline({}, t)}
            </button>
            <button type="button" className="account-link-button" onClick={() => sheet.answer('close')}>
              {m.checkout_gpay_close({}, t)}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
