import { crc32 } from 'node:zlib';
import type { VatRate } from '#domain/invoice.ts';
import type { StoredInvoice } from './load.ts';

// The structure FA(3) of the Polish e-invoice system (KSeF): namespace and form code as the schema in docs/ksef/fa3
// fixes them. Each invoice is one Faktura document; a period's export is a ZIP of them (decision 051).
const NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch] ?? ch);
const amount = (minor: number) => (minor / 100).toFixed(2);
/** A unit price to the schema's eight decimals, without trailing zeros. */
const unitAmount = (minor: number, quantity: number) =>
  (minor / quantity / 100).toFixed(8).replace(/0+$/, '').replace(/\.$/, '');

/** P_12: the rate as FA(3) spells it (0 % on a domestic supply is '0 KR'). */
const RATE_CODE: Record<VatRate, string> = { 23: '23', 8: '8', 5: '5', 0: '0 KR' };
/** The summary fields of each rate: P_13_x the net, P_14_x the VAT (none for 0 %). */
const SUMMARY_FIELDS: Record<VatRate, [net: string, vat: string | null]> = {
  23: ['P_13_1', 'P_14_1'],
  8: ['P_13_2', 'P_14_2'],
  5: ['P_13_3', 'P_14_3'],
  0: ['P_13_6_1', null],
};
/** FormaPlatnosci: 1 cash, 2 card, 6 transfer, 7 mobile (Blik, Google Pay). */
const PAYMENT_FORM: Record<string, number> = {
  cashOnDelivery: 1,
  cardOnDelivery: 2,
  fastTransfer: 6,
  blik: 7,
  googlePay: 7,
};

const el = (name: string, value: string | number) => `<${name}>${escape(String(value))}</${name}>`;

/** The KRS number in a register text such as 'KRS 0000874512', for the footer's registers. */
const krsOf = (register: string) => /^KRS\s*(\d{10})$/.exec(register.trim())?.[1] ?? null;

/** One invoice as an FA(3) document: the seller, the buyer, the sums by rate, the lines at gross prices, the payment. */
export function fa3Xml(invoice: StoredInvoice, madeAt: Date): string {
  const { seller, buyer } = invoice;
  // Ordered 23 %, 8 %, 5 %, 0 %: the schema's order of the P_13/P_14 pairs.
  const order: VatRate[] = [23, 8, 5, 0];
  const sums = order.flatMap((rate) => {
    const row = invoice.summary.find((r) => r.rate === rate);
    if (!row) return [];
    const [net, vat] = SUMMARY_FIELDS[rate];
    return [el(net, amount(row.net)), ...(vat ? [el(vat, amount(row.vat))] : [])];
  });
  const lines = invoice.lines.map((line, i) =>
    [
      '<FaWiersz>',
      el('NrWierszaFa', i + 1),
      el('P_7', line.kind === 'item' ? line.name : LINE_NAMES[line.kind]),
      el('P_8A', 'szt.'),
      el('P_8B', line.quantity),
      el('P_9B', unitAmount(line.gross, line.quantity)),
      el('P_11A', amount(line.gross)),
      el('P_12', RATE_CODE[line.rate]),
      '</FaWiersz>',
    ].join(''),
  );
  const krs = krsOf(seller.register);
  const address = (street: string, zip: string, city: string) =>
    `<Adres>${el('KodKraju', 'PL')}${el('AdresL1', street)}${el('AdresL2', `${zip} ${city}`)}</Adres>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<Faktura xmlns="${NAMESPACE}">`,
    '<Naglowek>',
    '<KodFormularza kodSystemowy="FA (3)" wersjaSchemy="1-0E">FA</KodFormularza>',
    el('WariantFormularza', 3),
    el('DataWytworzeniaFa', `${madeAt.toISOString().slice(0, 19)}Z`),
    el('SystemInfo', 'Marketplace'),
    '</Naglowek>',
    '<Podmiot1>',
    `<DaneIdentyfikacyjne>${el('NIP', seller.taxId)}${el('Nazwa', seller.name)}</DaneIdentyfikacyjne>`,
    address(seller.street, seller.zip, seller.city),
    '</Podmiot1>',
    '<Podmiot2>',
    `<DaneIdentyfikacyjne>${el('NIP', buyer.nip)}${el('Nazwa', buyer.companyName)}</DaneIdentyfikacyjne>`,
    address(buyer.street, buyer.zip, buyer.city),
    // Not a local-government unit, not a member of a VAT group.
    el('JST', 2),
    el('GV', 2),
    '</Podmiot2>',
    '<Fa>',
    el('KodWaluty', invoice.currency),
    el('P_1', invoice.issuedOn),
    el('P_1M', seller.city),
    el('P_2', invoice.number),
    el('P_6', invoice.saleDate),
    ...sums,
    el('P_15', amount(invoice.gross)),
    '<Adnotacje>',
    el('P_16', 2),
    el('P_17', 2),
    el('P_18', 2),
    el('P_18A', 2),
    `<Zwolnienie>${el('P_19N', 1)}</Zwolnienie>`,
    `<NoweSrodkiTransportu>${el('P_22N', 1)}</NoweSrodkiTransportu>`,
    el('P_23', 2),
    `<PMarzy>${el('P_PMarzyN', 1)}</PMarzy>`,
    '</Adnotacje>',
    el('RodzajFaktury', 'VAT'),
    ...lines,
    '<Platnosc>',
    el('Zaplacono', 1),
    el('DataZaplaty', invoice.paidOn),
    el('FormaPlatnosci', PAYMENT_FORM[invoice.paymentMethod] ?? 1),
    '</Platnosc>',
    '</Fa>',
    ...(krs ? [`<Stopka><Rejestry>${el('PelnaNazwa', seller.name)}${el('KRS', krs)}</Rejestry></Stopka>`] : []),
    '</Faktura>',
    '',
  ].join('\n');
}

/** The FA(3) line names of what is not a menu item: the file is Polish, as the tax office reads it. */
const LINE_NAMES = {
  delivery: 'Dostawa',
  serviceFee: 'Opłata serwisowa',
  extraFee: 'Opłata za małe zamówienie',
  discount: 'Rabat',
} as const;

/**
 * A ZIP of files stored as they are (no compression: XML of a few kilobytes each), written by hand on Node's crc32
 * rather than a dependency: local headers, the data, the central directory, its end record.
 */
export function zipStored(files: { name: string; data: Uint8Array }[], at: Date): Uint8Array {
  const time = ((at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1)) & 0xffff;
  const day = (((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate()) & 0xffff;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(file.data));
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
