import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useHydrated } from '#app/account/form-helpers.ts';
import { ConfirmDialog } from '#app/shop/ConfirmDialog.tsx';
import { STATUS_NAME } from '#app/orders/status-texts.ts';
import { errorMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { formatMoney } from '#domain/money.ts';
import { isOrderStatus } from '#domain/orders.ts';
import {
  $followBusy,
  $followed,
  $followFailure,
  $followNotice,
  $found,
  cancelOrder,
  closeOrder,
  openOrder,
  searchOrders,
  sendStatusLink,
  type FollowedOrder,
} from './follow-up.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { linesWithBrands } from '#domain/order-brands.ts';
import './phone-order.css';

/** How often an open order is read again, so the agent sees the restaurant's moves while the caller is on the line. */
const REFRESH_MS = 15_000;

const statusName = (status: string, t: ReturnType<typeof inLocale>) =>
  isOrderStatus(status) ? STATUS_NAME[status]({}, t) : status;

/**
 * The call centre's follow-up of an order: find it by the caller's phone, e-mail or order number, open it to see its
 * status (read again every few seconds), items and history, send the status link again, or cancel it for the caller
 * while the restaurant has not accepted it.
 */
export default function OrderFollowUp({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const found = useStore($found);
  const followed = useStore($followed);
  const busy = useStore($followBusy);
  const failure = useStore($followFailure);
  const [query, setQuery] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (changed) => {
    if (typeof changed['query'] === 'string') setQuery(changed['query']);
  });
  const when = new Intl.DateTimeFormat(locale === 'ua' ? 'uk' : locale, { dateStyle: 'short', timeStyle: 'short' });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void searchOrders(query.trim());
  };
  const queryField = {
    id: 'cc-follow-query',
    label: m.cc_followUp_query({}, t),
    hint: m.cc_followUp_hint({}, t),
    error: failure?.part === 'search' ? errorMessage(failure.key, locale) : undefined,
    look: 'cc',
  } as const;

  return (
    <section className="cc-card cc-follow-up" aria-labelledby="cc-follow-title">
      <h2 id="cc-follow-title">{m.cc_followUp_title({}, t)}</h2>
      <form
        ref={form}
        method="post"
        className="cc-inline-form"
        onSubmit={submit}
        role="search"
        aria-labelledby="cc-follow-title"
      >
        <label htmlFor={queryField.id}>{queryField.label}</label>
        {/* The hint stands between the label and the box, as the agents know it; the error under the row. */}
        <FieldNotes {...queryField} error={undefined} />
        <div className="cc-inline">
          <input
            {...controlProps(queryField)}
            name="query"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <button type="submit" className="button" disabled={!hydrated || busy}>
            {m.cc_followUp_find({}, t)}
          </button>
        </div>
        <FieldNotes {...queryField} hint={undefined} alert />
      </form>
      {followed ? (
        <FollowedOrderView order={followed} locale={locale} when={when} />
      ) : (
        found && (
          <div role="status">
            {found.length === 0 ? (
              <p>{m.cc_followUp_none({}, t)}</p>
            ) : (
              <>
                <h3>{m.cc_followUp_results({ count: String(found.length) }, t)}</h3>
                <ul className="cc-list">
                  {found.map((o) => (
                    <li key={o.id}>
                      <span>
                        <strong>{o.displayId}</strong> · {when.format(new Date(o.createdAt))} · {o.restaurant.name}
                        <br />
                        {o.customerName} · {statusName(o.status, t)} · {formatMoney(o.total, o.currency, locale)}
                      </span>
                      <button
                        type="button"
                        className="link-button"
                        disabled={busy}
                        onClick={() => void openOrder(o.id)}
                      >
                        {m.cc_followUp_open({ displayId: o.displayId }, t)}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )
      )}
    </section>
  );
}

function FollowedOrderView({
  order: followed,
  locale,
  when,
}: {
  order: FollowedOrder;
  locale: UiLocale;
  when: Intl.DateTimeFormat;
}) {
  const t = inLocale(locale);
  const busy = useStore($followBusy);
  const failure = useStore($followFailure);
  const notice = useStore($followNotice);
  const [confirming, setConfirming] = useState(false);
  const { order } = followed;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [order.id]);
  useEffect(() => {
    if (order.groups.finished) return;
    const timer = setInterval(() => void openOrder(order.id, { quiet: true }), REFRESH_MS);
    return () => clearInterval(timer);
  }, [order.id, order.groups.finished]);

  const customer = order.customer;
  const address = customer.street
    ? `${customer.street} ${customer.streetNo ?? ''}${customer.aptNo ? `/${customer.aptNo}` : ''}, ${customer.zip ?? ''} ${customer.city ?? ''}`
    : null;
  const money = (minor: number) => formatMoney(minor, order.currency, locale);

  return (
    <article className="cc-followed" aria-labelledby="cc-followed-title">
      <div className="cc-heading">
        <h3 id="cc-followed-title" ref={heading} tabIndex={-1}>
          {m.cc_followUp_order({ displayId: order.displayId }, t)}
        </h3>
        <button type="button" className="link-button" onClick={closeOrder}>
          {m.cc_followUp_back({}, t)}
        </button>
      </div>
      <p className="cc-followed-status" aria-live="polite">
        {m.cc_followUp_status({}, t)}: <strong className="cc-state">{statusName(order.status, t)}</strong>
      </p>
      <dl className="cc-facts">
        <dt>{m.cc_followUp_placed({}, t)}</dt>
        <dd>{when.format(new Date(order.createdAt))}</dd>
        <dt>{m.cc_followUp_restaurant({}, t)}</dt>
        <dd>{order.restaurant.name}</dd>
        <dt>{m.cc_followUp_customer({}, t)}</dt>
        <dd>
          {`${customer.firstname} ${customer.lastname}`} · {customer.phone} · {customer.email}
          {address && (
            <>
              <br />
              {address}
            </>
          )}
        </dd>
        <dt>{m.cc_total({}, t)}</dt>
        <dd>{money(order.total)}</dd>
        {order.refund && (
          <>
            <dt>{m.cc_followUp_refund({}, t)}</dt>
            <dd>
              {money(order.refund.amount)} · {refundState(order.refund.status, t)}
            </dd>
          </>
        )}
      </dl>
      <h4>{m.cc_products({}, t)}</h4>
      <ul className="cc-followed-items">
        {linesWithBrands(order.items, order.brands).map(({ line: item, brand }, index) => (
          <li key={index}>
            {item.quantity} × {item.name}
            {item.mods.length > 0 && ` (${item.mods.map((mod) => mod.name).join(', ')})`}
            {brand && ` · ${brand.conceptName}`} — {money(item.value)}
            <Allergens info={item.allergens} texts={allergenTexts(locale)} />
          </li>
        ))}
      </ul>
      <h4>{m.cc_followUp_history({}, t)}</h4>
      <ol className="cc-followed-history">
        {followed.history.map((entry, index) => (
          <li key={index}>
            <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time> · {historyText(entry, t)}
            {entry.actor ? ` · ${entry.actor.name || entry.actor.email}` : ''}
          </li>
        ))}
      </ol>
      {notice && (
        <Notice tone="news" className="cc-notice">
          {notice.kind === 'linkSent'
            ? m.cc_followUp_linkSent({ email: notice.email }, t)
            : m.cc_followUp_canceled({ displayId: order.displayId }, t)}
        </Notice>
      )}
      {failure?.part === 'order' && (
        <Notice tone="error" className="cc-error">
          {errorMessage(failure.key, locale)}
        </Notice>
      )}
      <div className="cc-followed-actions">
        <button type="button" className="button" disabled={busy} onClick={() => void sendStatusLink(order.id)}>
          {m.cc_followUp_resend({}, t)}
        </button>
        {followed.cancellable && (
          <button type="button" className="button cc-danger" disabled={busy} onClick={() => setConfirming(true)}>
            {m.cc_followUp_cancel({}, t)}
          </button>
        )}
      </div>
      {!followed.cancellable && !order.groups.finished && <p className="cc-hint">{m.cc_followUp_accepted({}, t)}</p>}
      {confirming && (
        <ConfirmDialog
          className="cc-confirm"
          title={m.cc_followUp_cancelTitle({ displayId: order.displayId }, t)}
          text={m.cc_followUp_cancelText({}, t)}
          cancelLabel={m.cc_followUp_keep({}, t)}
          confirmLabel={m.cc_followUp_cancelConfirm({}, t)}
          cancelClassName="button cc-secondary"
          confirmClassName="button cc-danger"
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            void cancelOrder(order.id).then(() => setConfirming(false));
          }}
        />
      )}
    </article>
  );
}

function refundState(status: string, t: ReturnType<typeof inLocale>): string {
  if (status === 'succeeded') return m.cc_followUp_refund_succeeded({}, t);
  if (status === 'failed') return m.cc_followUp_refund_failed({}, t);
  return m.cc_followUp_refund_pending({}, t);
}

function historyText(entry: FollowedOrder['history'][number], t: ReturnType<typeof inLocale>): string {
  if (entry.action === 'order.placed') return m.cc_followUp_event_placed({}, t);
  if (entry.action === 'order.statusLinkSent') return m.cc_followUp_event_linkSent({}, t);
  if (entry.action === 'order.paymentRetry') return m.cc_followUp_event_paymentRetry({}, t);
  return entry.to ? statusName(entry.to, t) : m.cc_followUp_event_other({}, t);
}
