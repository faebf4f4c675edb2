import { forwardRef, type ReactNode } from 'react';
import { Temporal } from 'temporal-polyfill';
import { formatMoney } from '#domain/money.ts';
import { kitchenClock, pieceCount, type TicketKind } from '#domain/tickets.ts';
import type { KitchenTicket } from '#app/api-types.ts';
import { allergenSentences } from '#i18n/allergen-sentences.ts';
import { allergenTexts } from '#i18n/allergen-texts.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { paymentTypeName, sourceName } from '../codes.ts';
import { brandNames, linesByBrand, namesBrands } from '#domain/order-brands.ts';

type Line = KitchenTicket['lines'][number];
type T = { locale: ReturnType<typeof messageLocale> };

/**
 * What a line prints under its name besides its options: one entry per per-line field the order's lines carry (a
 * line's own comment, its allergens), each giving a short text or null when the line has none. The ticket's lines are
 * the order view's without prices (#server/services/admin/orders/load-ticket.ts), so a field added to those lines reaches
 * here, and one entry prints it. Orders keep no per-line comment yet.
 */
const LINE_NOTES: readonly ((line: Line, locale: UiLocale) => string | null)[] = [
  // Printed again at the pass, as EU 1169/2011 asks for distance sales: what the dish and its chosen options hold.
  (line, locale) => allergenSentences(line.allergens, allergenTexts(locale)).join(' '),
];
const lineNotes = (line: Line, locale: UiLocale) => LINE_NOTES.flatMap((note) => note(line, locale) ?? []);

function Lines({ lines, locale, boxes }: { lines: Line[]; locale: UiLocale; boxes: boolean }) {
  return (
    <ul className="ticket-lines">
      {lines.map((line, i) => (
        <li key={i}>
          <p className="ticket-line">
            {boxes && <span className="ticket-box" aria-hidden="true" />}
            <strong className="ticket-qty">{line.quantity}×</strong> <strong>{line.name}</strong>
          </p>
          {line.mods.length > 0 && (
            <ul className="ticket-mods">
              {line.mods.map((mod, j) => (
                <li key={j}>
                  + {mod.name} <span className="ticket-group">({mod.groupName})</span>
                </li>
              ))}
            </ul>
          )}
          {lineNotes(line, locale).map((note, j) => (
            <p key={`note-${j}`} className="ticket-note">
              ! {note}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}

/**
 * An order several brands at the kitchen cook (issue 35): each brand's name, then its lines, so the cooks of each brand
 * and the packer checking the bag find their part. An ordinary order's lines print as they always did.
 */
function BrandLines({ ticket, locale, boxes }: { ticket: KitchenTicket; locale: UiLocale; boxes: boolean }) {
  if (!namesBrands(ticket.brands)) return <Lines lines={ticket.lines} locale={locale} boxes={boxes} />;
  return (
    <>
      {linesByBrand(ticket.lines, ticket.brands).map(({ brand, lines }) => (
        <div key={brand.restaurantId} className="ticket-brand-lines">
          <p className="ticket-brand-name">{brand.conceptName}</p>
          <Lines lines={lines} locale={locale} boxes={boxes} />
        </div>
      ))}
    </>
  );
}

/** The promised ready time on the kitchen's clock, with the day when it is not today. */
function promise(ticket: KitchenTicket, now: Temporal.Instant, t: T): string {
  if (!ticket.promisedAt) return m.ticket_not_promised({}, t);
  const clock = kitchenClock(Temporal.Instant.from(ticket.promisedAt), ticket.timeZone, now);
  return clock.day
    ? m.ticket_ready_by_day({ time: clock.time, day: clock.day }, t)
    : m.ticket_ready_by({ time: clock.time }, t);
}

function payment(ticket: KitchenTicket, locale: UiLocale, t: T): string {
  const state = ticket.payment;
  if (state.state === 'paid') return m.ticket_paid({}, t);
  if (state.state === 'unpaid') return m.ticket_unpaid({}, t);
  return m.ticket_to_collect(
    { amount: formatMoney(state.amount, state.currency, locale), method: paymentTypeName(state.by, locale) },
    t,
  );
}

type Props = { ticket: KitchenTicket; kind: TicketKind; locale: UiLocale; now: Temporal.Instant };

/**
 * One paper for an 80 mm receipt printer: the kitchen ticket (what to cook, for when, and how it leaves) or the packing
 * slip (whose bag, what goes in, where it goes and the money to take). Black on white, no prices on the kitchen's.
 */
const TicketPaper = forwardRef<HTMLElement, Props>(function TicketPaper({ ticket, kind, locale, now }, ref) {
  const t = { locale: messageLocale(locale) } as const;
  const pickup = ticket.deliveryType === 'pickup';
  const clock = (iso: string) => kitchenClock(Temporal.Instant.from(iso), ticket.timeZone, now).time;
  const section = (children: ReactNode) => <div className="ticket-section">{children}</div>;
  return (
    <article ref={ref} className={`ticket-paper ticket-${kind}`} aria-label={`#${ticket.displayId}`}>
      <header className="ticket-head">
        <p className="ticket-brand">{namesBrands(ticket.brands) ? brandNames(ticket.brands) : ticket.brand}</p>
        <p className="ticket-small">{ticket.restaurant}</p>
        <p className="ticket-number">#{ticket.displayId}</p>
        <p className="ticket-kind">
          {kind === 'kitchen' ? m.ticket_kitchen_title({}, t) : m.ticket_packing_title({}, t)}
        </p>
      </header>
      {section(
        <>
          <p className="ticket-way">{pickup ? m.admin_kitchen_pickup({}, t) : m.admin_kitchen_delivery({}, t)}</p>
          <p className="ticket-promise">{promise(ticket, now, t)}</p>
          <p className="ticket-small">{m.ticket_channel({ channel: sourceName(ticket.source, locale) }, t)}</p>
        </>,
      )}
      {kind === 'packing' &&
        section(
          <>
            <p>
              <span className="ticket-label">{m.ticket_customer({}, t)}:</span> <strong>{ticket.customer.name}</strong>
            </p>
            <p>{ticket.customer.phone}</p>
            {pickup ? (
              <p>{m.ticket_pickup_here({}, t)}</p>
            ) : (
              <>
                <p className="ticket-label">{m.ticket_address({}, t)}:</p>
                {ticket.address.map((line) => (
                  <p key={line} className="ticket-address">
                    {line}
                  </p>
                ))}
              </>
            )}
          </>,
        )}
      {section(<BrandLines ticket={ticket} locale={locale} boxes={kind === 'packing'} />)}
      {kind === 'packing' && section(<p>{m.ticket_pieces({ count: pieceCount(ticket.lines) }, t)}</p>)}
      {ticket.comment &&
        section(
          <>
            <p className="ticket-label">{m.ticket_comment({}, t)}:</p>
            <p className="ticket-comment">{ticket.comment}</p>
          </>,
        )}
      {kind === 'packing' && section(<p className="ticket-payment">{payment(ticket, locale, t)}</p>)}
      <footer className="ticket-foot">
        <p>{m.ticket_placed({ time: clock(ticket.placedAt) }, t)}</p>
        <p>{m.ticket_printed({ time: clock(now.toString()) }, t)}</p>
      </footer>
    </article>
  );
});

export default TicketPaper;
