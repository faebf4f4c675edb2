import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney, type Currency } from '#domain/money.ts';
import type { InvoiceLine, LegalEntity } from '#domain/invoice.ts';
import { messageLocale } from '#i18n/messages.ts';
import * as m from '#i18n/paraglide/messages.js';
import type { Lang } from '../orders/access-token.ts';
import type { StoredInvoice } from './load.ts';

// DejaVu Sans from the dejavu-fonts-ttf package (not the system's): it has the Polish and the Ukrainian letters, and
// pdf-lib embeds the subset an invoice uses (decision 051). Read once per process.
const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const fontBytes = () =>
  (fonts ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold })));

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;
const GREY = rgb(0.35, 0.35, 0.35);

type Writer = { page: PDFPage; y: number; regular: PDFFont; bold: PDFFont; doc: PDFDocument };

function text(w: Writer, value: string, x: number, options: { size?: number; bold?: boolean; right?: number } = {}) {
  const size = options.size ?? 9;
  const font = options.bold ? w.bold : w.regular;
  const at = options.right !== undefined ? options.right - font.widthOfTextAtSize(value, size) : x;
  w.page.drawText(value, { x: at, y: w.y, size, font, color: rgb(0, 0, 0) });
}

/** A text cut to a width, with an ellipsis: a menu name longer than its column. */
function fit(font: PDFFont, value: string, size: number, width: number): string {
  if (font.widthOfTextAtSize(value, size) <= width) return value;
  let cut = value;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

function newLine(w: Writer, height: number) {
  w.y -= height;
  if (w.y < MARGIN + 40) {
    w.page = w.doc.addPage([...A4]);
    w.y = A4[1] - MARGIN;
  }
}

function party(w: Writer, x: number, title: string, lines: string[]) {
  const top = w.y;
  text(w, title, x, { size: 8, bold: true });
  for (const line of lines) {
    w.y -= 12;
    text(w, line, x, { size: 9 });
  }
  return top - w.y;
}

const sellerLines = (s: LegalEntity) => [s.name, s.street, `${s.zip} ${s.city}`, `NIP ${s.taxId}`, s.register];

/**
 * The invoice as a PDF, in the order's language: the seller and the buyer, the lines with their VAT rates, net, VAT
 * and gross, the summary by rate and the total, all from the stored invoice (nothing is recomputed).
 */
export async function invoicePdf(invoice: StoredInvoice, lang: Lang): Promise<Uint8Array> {
  const t = { locale: messageLocale(lang) };
  const bytes = await fontBytes();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${m.invoice_pdf_title({}, t)} ${invoice.number}`);
  doc.setAuthor(invoice.seller.name);
  doc.setCreationDate(invoice.issuedAt);
  const w: Writer = {
    doc,
    page: doc.addPage([...A4]),
    y: A4[1] - MARGIN,
    regular: await doc.embedFont(bytes.regular, { subset: true }),
    bold: await doc.embedFont(bytes.bold, { subset: true }),
  };
  const money = (minor: number) => formatMoney(minor, invoice.currency as Currency, lang);
  const right = A4[0] - MARGIN;

  text(w, `${m.invoice_pdf_title({}, t)} ${invoice.number}`, MARGIN, { size: 16, bold: true });
  newLine(w, 20);
  text(w, `${m.invoice_pdf_issued({}, t)}: ${invoice.issuedOn}`, MARGIN);
  text(w, `${m.invoice_pdf_sale({}, t)}: ${invoice.saleDate}`, 220);
  text(w, `${m.invoice_pdf_order({}, t)}: ${invoice.displayId}`, 0, { right });
  newLine(w, 28);

  const top = w.y;
  const sellerHeight = party(w, MARGIN, m.invoice_pdf_seller({}, t), sellerLines(invoice.seller));
  w.y = top;
  const { buyer } = invoice;
  const buyerHeight = party(w, 310, m.invoice_pdf_buyer({}, t), [
    buyer.companyName,
    buyer.street,
    `${buyer.zip} ${buyer.city}`,
    `NIP ${buyer.nip}`,
  ]);
  w.y = top - Math.max(sellerHeight, buyerHeight);
  newLine(w, 30);

  // The lines: name, quantity, rate, net, VAT, gross.
  const columns = { qty: 300, rate: 345, net: 420, vat: 480, gross: right };
  const header = () => {
    text(w, m.invoice_pdf_item({}, t), MARGIN, { size: 8, bold: true });
    text(w, m.invoice_pdf_qty({}, t), 0, { size: 8, bold: true, right: columns.qty });
    text(w, m.invoice_pdf_rate({}, t), 0, { size: 8, bold: true, right: columns.rate });
    text(w, m.invoice_pdf_net({}, t), 0, { size: 8, bold: true, right: columns.net });
    text(w, m.invoice_pdf_vat({}, t), 0, { size: 8, bold: true, right: columns.vat });
    text(w, m.invoice_pdf_gross({}, t), 0, { size: 8, bold: true, right: columns.gross });
    w.page.drawLine({
      start: { x: MARGIN, y: w.y - 4 },
      end: { x: right, y: w.y - 4 },
      thickness: 0.5,
      color: GREY,
    });
  };
  header();
  for (const line of invoice.lines) {
    newLine(w, 15);
    const vat = Math.round((line.gross * line.rate) / (100 + line.rate));
    text(w, fit(w.regular, lineName(line, t), 9, columns.qty - MARGIN - 30), MARGIN);
    text(w, String(line.quantity), 0, { right: columns.qty });
    text(w, `${line.rate}%`, 0, { right: columns.rate });
    text(w, money(line.gross - vat), 0, { right: columns.net });
    text(w, money(vat), 0, { right: columns.vat });
    text(w, money(line.gross), 0, { right: columns.gross });
  }
  newLine(w, 30);

  text(w, m.invoice_pdf_byRate({}, t), MARGIN, { size: 10, bold: true });
  for (const row of invoice.summary) {
    newLine(w, 15);
    text(w, `${row.rate}%`, 0, { right: columns.rate });
    text(w, money(row.net), 0, { right: columns.net });
    text(w, money(row.vat), 0, { right: columns.vat });
    text(w, money(row.gross), 0, { right: columns.gross });
  }
  newLine(w, 15);
  text(w, m.invoice_pdf_total({}, t), MARGIN, { bold: true });
  text(w, money(invoice.net), 0, { bold: true, right: columns.net });
  text(w, money(invoice.vat), 0, { bold: true, right: columns.vat });
  text(w, money(invoice.gross), 0, { bold: true, right: columns.gross });
  newLine(w, 28);
  text(w, `${m.invoice_pdf_paid({}, t)}: ${money(invoice.gross)}`, MARGIN, { size: 11, bold: true });
  return doc.save();
}

/** A line's printed name: the menu's name for an item, the words of the page's language for the rest. */
function lineName(line: InvoiceLine, t: { locale: ReturnType<typeof messageLocale> }): string {
  switch (line.kind) {
    case 'item':
      return line.name;
    case 'delivery':
      return m.invoice_line_delivery({}, t);
    case 'serviceFee':
      return m.invoice_line_serviceFee({}, t);
    case 'extraFee':
      return m.invoice_line_extraFee({}, t);
    case 'discount':
      return `${m.invoice_line_discount({}, t)} (${line.rate}%)`;
  }
}
