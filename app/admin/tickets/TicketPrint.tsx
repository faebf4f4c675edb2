import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Temporal } from 'temporal-polyfill';
import type { TicketKind } from '#domain/tickets.ts';
import type { KitchenTicket } from '#app/api-types.ts';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Notice } from '#app/ui/notice.tsx';
import TicketPaper from './TicketPaper.tsx';
import { PRINTED_MESSAGE } from './print.ts';
import './tickets.css';

/** The paper's margins on the page, in millimetres: a receipt printer's 80 mm roll prints some 72 mm of it. */
const SIDE_MM = 4;
const END_MM = 2;
const PX_PER_MM = 96 / 25.4;

/**
 * The print view of an order's kitchen ticket or packing slip: the paper as it will come out, a Print button, and the
 * page sized to the paper (80 mm wide, exactly as long as the ticket, so a receipt printer cuts after it and a PDF is
 * one page). Opened with `?print=1` (the board's buttons and auto-print load it in a hidden frame) it prints itself as
 * soon as the paper is laid out, and tells the page that opened it.
 */
export default function TicketPrint({
  orderId,
  kind,
  locale,
  autoPrint,
}: {
  orderId: string;
  kind: TicketKind;
  locale: UiLocale;
  autoPrint: boolean;
}) {
  const t = { locale: messageLocale(locale) } as const;
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'failed' } | { status: 'ready'; ticket: KitchenTicket; now: Temporal.Instant }
  >({ status: 'loading' });
  const paper = useRef<HTMLElement>(null);
  const [pageSize, setPageSize] = useState<string | null>(null);

  useEffect(() => {
    void readAnswer(api.admin.orders[':id'].ticket.$get({ param: { id: orderId } })).then((answer) =>
      setState(
        answer.ok ? { status: 'ready', ticket: answer.data.ticket, now: Temporal.Now.instant() } : { status: 'failed' },
      ),
    );
  }, [orderId]);

  // The paper's own height decides the page's: one page the length of the ticket.
  useLayoutEffect(() => {
    if (state.status !== 'ready' || !paper.current) return;
    const heightMm = Math.ceil(paper.current.getBoundingClientRect().height / PX_PER_MM) + 2 * END_MM + 1;
    setPageSize(`@page { size: 80mm ${heightMm}mm; margin: ${END_MM}mm ${SIDE_MM}mm; }`);
  }, [state]);

  useEffect(() => {
    if (!autoPrint || pageSize === null || state.status !== 'ready') return;
    // After the page's size is in force, and the fonts are in: then the dialog (or, in kiosk printing, the printer).
    const frame = requestAnimationFrame(() => {
      void document.fonts.ready.then(() => {
        window.print();
        window.parent.postMessage({ type: PRINTED_MESSAGE, orderId, kind }, window.location.origin);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [autoPrint, pageSize, state.status, orderId, kind]);

  if (state.status === 'loading') return <Notice tone="news">{m.ticket_loading({}, t)}</Notice>;
  if (state.status === 'failed')
    return (
      <Notice tone="error" className="staff-alert">
        {m.ticket_failed({}, t)}
      </Notice>
    );
  return (
    <div className="ticket-view">
      {pageSize && <style>{pageSize}</style>}
      <div className="ticket-toolbar">
        <button type="button" className="button" onClick={() => window.print()}>
          {m.ticket_print({}, t)}
        </button>
      </div>
      <TicketPaper ref={paper} ticket={state.ticket} kind={kind} locale={locale} now={state.now} />
    </div>
  );
}
