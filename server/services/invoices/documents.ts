import { eq } from 'drizzle-orm';
import { invoiceRequests } from '#db/schema/index.ts';
import type { ServiceCtx } from '#server/context.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { Lang } from '../orders/access-token.ts';
import { fa3Xml, zipStored } from './ksef-xml.ts';
import { loadInvoicesIssued, loadOrderInvoice } from './load.ts';
import { invoicePdf } from './render-pdf.ts';

/**
 * The PDF of an order's invoice, for whoever may see the order (the route checked): `invoiceNotReady` while the
 * order that asked for one is not finished, notFound when it asked for none.
 */
export async function orderInvoicePdf(
  ctx: ServiceCtx<'db'>,
  input: { orderId: string; lang?: Lang | undefined },
): Promise<{ number: string; pdf: Uint8Array }> {
  const invoice = await loadOrderInvoice(ctx.db, input.orderId);
  if (!invoice) {
    const [requested] = await ctx.db
      .select({ id: invoiceRequests.orderId })
      .from(invoiceRequests)
      .where(eq(invoiceRequests.orderId, input.orderId));
    throw requested ? new AppError('invoiceNotReady') : notFound();
  }
  return { number: invoice.number, pdf: await invoicePdf(invoice, input.lang ?? invoice.lang ?? 'pl') };
}

/** A file name of an invoice number: 'FV/2026/00042/PFR' → 'FV-2026-00042-PFR'. */
export const invoiceFileName = (number: string) => number.replace(/[^A-Za-z0-9-]+/g, '-');

/**
 * The KSeF export of the invoices issued in a period (issue 36): one FA(3) XML document per invoice, named by its
 * number, in one ZIP. `from` and `to` are days in Poland, both included.
 */
export async function ksefExport(
  ctx: ServiceCtx<'db'>,
  period: { from: string; to: string },
): Promise<{ count: number; zip: Uint8Array }> {
  const from = warsawMidnight(period.from);
  const to = warsawMidnight(period.to, 1);
  const issued = await loadInvoicesIssued(ctx.db, { from, to });
  const madeAt = ctx.now();
  const encoder = new TextEncoder();
  const files = issued.map((invoice) => ({
    name: `${invoiceFileName(invoice.number)}.xml`,
    data: encoder.encode(fa3Xml(invoice, madeAt)),
  }));
  return { count: files.length, zip: zipStored(files, madeAt) };
}

/** The instant a day (YYYY-MM-DD, plus `days`) begins in Poland. */
function warsawMidnight(day: string, days = 0): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d + days);
  // Warsaw is UTC+1 or UTC+2: the offset at that day's noon names which.
  const noon = new Date(utc + 12 * 3_600_000);
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Warsaw', hour: '2-digit', hourCycle: 'h23' }).format(noon),
  );
  return new Date(utc - (hour - 12) * 3_600_000);
}
