import { readFile } from 'node:fs/promises';
import { eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { validateXML } from 'xmllint-wasm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  concepts,
  emailOutbox,
  invoiceCounters,
  invoiceRequests,
  invoices,
  menuItems,
  orderItems,
  orders,
  users,
} from '#db/schema/index.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { formatMoney } from '#domain/money.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { issueInvoiceInTx } from '#server/services/invoices/issue.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });
// 11:00 UTC in March: 12:00 in Warsaw.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

const company = {
  companyName: 'Biuro Rachunkowe Zielona Sp. z o.o.',
  nip: 'PL 525-281-23-49',
  street: 'ul. Złota 44',
  zip: '00-120',
  city: 'Warszawa',
};
type Placed = { order: { id: string; displayId: string; invoice: unknown }; accessToken: string };

async function order(options: { invoice?: Record<string, string>; quantity?: number } = {}) {
  const b = await makeBasket(ctx.database.db, { quantity: options.quantity ?? 6 });
  const response = await placeOrder(ctx, b.basketId, {
    ...plCustomer,
    zip: b.zip,
    consents: allConsents,
    paymentMethod: 'blik',
    blikCode: '000000',
    lang: 'pl',
    ...(options.invoice ? { invoice: options.invoice } : {}),
  });
  // The sandbox's Blik approval reaches the webhook at once: the order goes to the restaurant paid.
  await settle(ctx);
  return { response, basket: b };
}

async function placed(invoice: Record<string, string> = company, quantity?: number): Promise<Placed> {
  const { response } = await order({ invoice, ...(quantity ? { quantity } : {}) });
  expect(response.status).toBe(201);
  return (await response.json()) as Placed;
}

const finish = async (orderId: string) => {
  for (const to of ['processing', 'waiting_for_courier', 'finished'] as const)
    await changeOrderStatus(ctx.deps, { orderId, to, reason: 'admin', actor: SYSTEM, now: ctx.deps.now() });
};

const invoicePdf = (p: Placed) =>
  request(ctx, `/api/orders/${p.order.id}/invoice?token=${encodeURIComponent(p.accessToken)}`);

describe('asking for a company invoice at checkout', () => {
  it('stores the buyer in a table of its own, NIP as its ten digits, and shows it on the order', async () => {
    const p = await placed();
    expect(p.order.invoice).toEqual({
      request: { ...company, nip: '5252812349' },
      number: null,
    });
    const [row] = await ctx.database.db.select().from(invoiceRequests).where(eq(invoiceRequests.orderId, p.order.id));
    expect(row).toMatchObject({ companyName: company.companyName, nip: '5252812349', city: 'Warszawa' });
    // The customer's own details stay the order's.
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(stored!.customer.lastname).toBe('Kowalski');
  });

  it('refuses a NIP whose check digit is wrong with its own key, and writes no order', async () => {
    const { response } = await order({ invoice: { ...company, nip: '5252812348' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalidNip' });
    expect(await ctx.database.db.select().from(orders)).toHaveLength(0);
  });

  it('names the empty fields of the request', async () => {
    const { response } = await order({ invoice: { ...company, companyName: ' ', city: '' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      details: { 'invoice.companyName': 'notEmpty', 'invoice.city': 'notEmpty' },
    });
  });

  it('issues no invoices in Ukraine', async () => {
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const response = await placeOrder(ctx, b.basketId, {
      ...uaCustomer,
      zip: b.zip,
      consents: { orderWithObligation: true },
      paymentMethod: 'cashOnDelivery',
      invoice: company,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invoiceUnavailable' });
  });

  it('keeps the VAT rate the menu item had when ordered on its line', async () => {
    const p = await placed();
    const [item] = await ctx.database.db
      .select({ vatRate: menuItems.vatRate })
      .from(menuItems)
      .where(eq(menuItems.id, (await makeBasket(ctx.database.db)).menuItemId));
    const rows = await ctx.database.db
      .select({ vatRate: orderItems.vatRate })
      .from(orderItems)
      .where(eq(orderItems.orderId, p.order.id));
    expect(rows.map((r) => r.vatRate)).toEqual([item!.vatRate]);
  });
});

describe('the seller', () => {
  it('is named by the restaurant’s brand, for the checkout, with whether invoices are issued there', async () => {
    const pl = await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow/seller');
    expect(await pl.json()).toEqual({
      seller: expect.objectContaining({ name: 'Pasta Fresca Polska sp. z o.o.', taxId: '5213017843', code: 'PFR' }),
      invoices: true,
    });
    const ua = await request(ctx, `/api/restaurants/${UA}/seller`);
    expect(await ua.json()).toMatchObject({ seller: { name: 'ТОВ «Бао Хаус Україна»' }, invoices: false });
    expect((await request(ctx, '/api/restaurants/no-such-place/seller')).status).toBe(404);
  });

  it('is named in the confirmation e-mail and on the order', async () => {
    const p = await placed();
    const mails = await ctx.database.db.select().from(emailOutbox);
    const confirmation = mails.find((mail) => mail.template === 'orderConfirmation');
    expect(confirmation!.text).toContain(
      'Sprzedawca: Pasta Fresca Polska sp. z o.o., ul. Mokotowska 48, 00-543 Warszawa, NIP 5213017843, KRS 0000874512',
    );
    const view = await request(ctx, `/api/orders/${p.order.id}?token=${encodeURIComponent(p.accessToken)}`);
    expect((await view.json()).order.seller).toMatchObject({ name: 'Pasta Fresca Polska sp. z o.o.' });
  });
});

describe('the invoice PDF', () => {
  it('is not there before the order is finished, then holds the seller, the buyer, the lines, rates and totals', async () => {
    const p = await placed();
    const early = await invoicePdf(p);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: 'invoiceNotReady' });

    await finish(p.order.id);
    const response = await invoicePdf(p);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('FV-2026-00001-PFR.pdf');
    const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');

    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, p.order.id));
    expect(invoice!.number).toBe('FV/2026/00001/PFR');
    const money = (minor: number) => formatMoney(minor, 'PLN', 'pl').replace(/\s+/g, ' ');
    for (const expected of [
      'Faktura VAT FV/2026/00001/PFR',
      'Pasta Fresca Polska sp. z o.o.',
      'NIP 5213017843',
      'KRS 0000874512',
      company.companyName,
      'NIP 5252812349',
      'ul. Złota 44',
      'Dostawa',
      '8%',
      `Razem ${money(invoice!.net)} ${money(invoice!.vat)} ${money(invoice!.gross)}`,
    ])
      expect(flat).toContain(expected);
    // Each line of the order is printed with its rate.
    for (const line of invoice!.lines.filter((l) => l.kind === 'item')) expect(flat).toContain(line.name);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, p.order.id));
    expect(invoice!.gross).toBe(stored!.total);
  });

  it('is the customer’s only: another token gets nothing', async () => {
    const p = await placed();
    await finish(p.order.id);
    const other = await placed();
    const response = await request(ctx, `/api/orders/${p.order.id}/invoice?token=${other.accessToken}`);
    expect(response.status).toBe(404);
  });

  it('is not there for an order that asked for none', async () => {
    const { response } = await order();
    const p = (await response.json()) as Placed;
    await finish(p.order.id);
    expect((await invoicePdf(p)).status).toBe(404);
    expect(await ctx.database.db.select().from(invoices)).toHaveLength(0);
  });
});

describe('invoice numbers', () => {
  it('follow one another per seller and year without gaps or duplicates when many orders finish at once', async () => {
    const many = [];
    for (let i = 0; i < 12; i++) many.push(await placed(company, 6));
    for (const p of many)
      for (const to of ['processing', 'waiting_for_courier'] as const)
        await changeOrderStatus(ctx.deps, {
          orderId: p.order.id,
          to,
          reason: 'admin',
          actor: SYSTEM,
          now: ctx.deps.now(),
        });
    await Promise.all(
      many.map((p) =>
        changeOrderStatus(ctx.deps, {
          orderId: p.order.id,
          to: 'finished',
          reason: 'admin',
          actor: SYSTEM,
          now: ctx.deps.now(),
        }),
      ),
    );
    const rows = await ctx.database.db
      .select({ sequence: invoices.sequence, number: invoices.number })
      .from(invoices)
      .where(
        inArray(
          invoices.orderId,
          many.map((p) => p.order.id),
        ),
      );
    expect(rows.map((r) => r.sequence).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(new Set(rows.map((r) => r.number)).size).toBe(12);
    const [counter] = await ctx.database.db.select().from(invoiceCounters);
    expect(counter).toMatchObject({ entityCode: 'PFR', year: 2026, last: 12 });
  });

  it('give a rolled-back number back, and start again at 1 in a new year', async () => {
    const first = await placed();
    const second = await placed();
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await issueInvoiceInTx(tx, first.order.id, ctx.deps.now());
        throw new Error('the finishing transaction fails after the invoice');
      }),
    ).rejects.toThrow('fails');
    await finish(second.order.id);
    const [issued] = await ctx.database.db.select().from(invoices);
    expect(issued).toMatchObject({ orderId: second.order.id, number: 'FV/2026/00001/PFR' });

    ctx.setNow(new Date('2027-01-01T00:30:00+01:00'));
    await finish(first.order.id);
    const [next] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, first.order.id));
    expect(next!.number).toBe('FV/2027/00001/PFR');
  });
});

/** The entries of a ZIP of stored files (what the export writes). */
function unzipStored(zip: Uint8Array): { name: string; text: string }[] {
  const view = Buffer.from(zip);
  const entries = [];
  let at = 0;
  while (view.readUInt32LE(at) === 0x04034b50) {
    const size = view.readUInt32LE(at + 18);
    const nameLength = view.readUInt16LE(at + 26);
    const extra = view.readUInt16LE(at + 28);
    const name = view.toString('utf8', at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extra;
    entries.push({ name, text: view.toString('utf8', start, start + size) });
    at = start + size;
  }
  return entries;
}

const SCHEMA_DIR = new URL('../../docs/ksef/fa3/', import.meta.url);
/**
 * The official schemas as shipped, with one change made here in memory: the FA(3) schema imports its types from the
 * ministry's web address, which the validator reads from the copy beside it instead.
 */
async function fa3Schemas() {
  const read = (name: string) => readFile(new URL(name, SCHEMA_DIR), 'utf8');
  const main = (await read('schemat_FA(3)_v1-0E.xsd')).replace(
    /schemaLocation="http:\/\/crd\.gov\.pl\/xml\/schematy\/dziedzinowe\/mf\/2022\/01\/05\/eD\/DefinicjeTypy\/StrukturyDanych_v10-0E\.xsd"/,
    'schemaLocation="StrukturyDanych_v10-0E.xsd"',
  );
  expect(main).toContain('schemaLocation="StrukturyDanych_v10-0E.xsd"');
  return {
    schema: { fileName: 'schemat_FA3.xsd', contents: main },
    preload: await Promise.all(
      ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'].map(
        async (fileName) => ({ fileName, contents: await read(fileName) }),
      ),
    ),
  };
}

describe('the KSeF export', () => {
  const send = (path: string, body: string, cookie = '') =>
    request(ctx, path, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
        ...(cookie ? { cookie } : {}),
      },
    });
  const asAdmin = async () => {
    const response = await request(ctx, '/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@example.com', password: 'admin-demo-2026' }),
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '192.0.2.250' },
    });
    return response.headers.get('set-cookie')?.split(';')[0] ?? '';
  };

  it('gives the period’s invoices as FA(3) documents that validate against the official schema', async () => {
    const a = await placed();
    const b = await placed({ ...company, companyName: 'Kawiarnia & Ciastka „Pod Złotym Rogiem”', nip: '7740001454' });
    await finish(a.order.id);
    await finish(b.order.id);
    // Another day's invoice is not in a one-day period.
    ctx.setNow(new Date('2026-03-06T11:00:00Z'));
    const later = await placed();
    await finish(later.order.id);

    expect((await send('/api/admin/invoices/ksef', 'from=2026-03-04&to=2026-03-04')).status).toBe(401);
    const response = await send('/api/admin/invoices/ksef', 'from=2026-03-04&to=2026-03-04', await asAdmin());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('x-invoice-count')).toBe('2');
    const files = unzipStored(new Uint8Array(await response.arrayBuffer()));
    expect(files.map((f) => f.name)).toEqual(['FV-2026-00001-PFR.xml', 'FV-2026-00002-PFR.xml']);

    const schemas = await fa3Schemas();
    for (const file of files) {
      const result = await validateXML({ xml: { fileName: file.name, contents: file.text }, ...schemas });
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
    const [first, second] = files;
    expect(first!.text).toContain('<P_2>FV/2026/00001/PFR</P_2>');
    expect(first!.text).toContain('<NIP>5213017843</NIP>');
    expect(first!.text).toContain('<NIP>5252812349</NIP>');
    expect(second!.text).toContain('Kawiarnia &amp; Ciastka „Pod Złotym Rogiem”');
    const [invoice] = await ctx.database.db.select().from(invoices).where(eq(invoices.orderId, a.order.id));
    expect(first!.text).toContain(`<P_15>${(invoice!.gross / 100).toFixed(2)}</P_15>`);
  });

  it('fails validation when a required element is missing (the check can fail)', async () => {
    const p = await placed();
    await finish(p.order.id);
    const response = await send('/api/admin/invoices/ksef', 'from=2026-03-01&to=2026-03-31', await asAdmin());
    const [file] = unzipStored(new Uint8Array(await response.arrayBuffer()));
    const broken = file!.text.replace(/<P_15>[^<]*<\/P_15>/, '');
    const result = await validateXML({ xml: { fileName: 'broken.xml', contents: broken }, ...(await fa3Schemas()) });
    expect(result.valid).toBe(false);
  });

  it('refuses a period that is not days', async () => {
    const response = await send('/api/admin/invoices/ksef', 'from=2026-03&to=2026-03-31', await asAdmin());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'validation' });
  });
});

describe('the admin names the seller and the rates', () => {
  const send = (method: string, path: string, body: unknown, cookie: string) =>
    request(ctx, path, {
      method,
      body: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost',
        'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}`,
        cookie,
      },
    });
  const admin = async () => {
    const response = await send(
      'POST',
      '/api/auth/login',
      { email: 'admin@example.com', password: 'admin-demo-2026' },
      '',
    );
    return response.headers.get('set-cookie')?.split(';')[0] ?? '';
  };

  it('edits a concept’s seller: a Polish brand’s NIP is checked, all empty names none', async () => {
    const cookie = await admin();
    const [pasta] = await ctx.database.db.select().from(concepts).where(eq(concepts.slug, 'pasta-fresca'));
    const base = { defaultRestaurantSlug: 'pasta-fresca-warszawa-mokotow', showOnCompanyPortfolio: true, active: true };
    const seller = {
      code: 'PFX',
      name: 'Nowa Pasta sp. z o.o.',
      street: 'ul. Nowa 1',
      zip: '00-001',
      city: 'Warszawa',
      taxId: '525-281-23-48',
      register: 'KRS 0000000001',
    };
    const refused = await send('PUT', `/api/admin/concepts/${pasta!.id}`, { ...base, legalEntity: seller }, cookie);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'validation', details: { 'legalEntity.taxId': 'invalidNip' } });

    const saved = await send(
      'PUT',
      `/api/admin/concepts/${pasta!.id}`,
      { ...base, legalEntity: { ...seller, taxId: '525-281-23-49' } },
      cookie,
    );
    expect(saved.status).toBe(200);
    const answer = await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow/seller');
    expect((await answer.json()).seller).toEqual({ ...seller, taxId: '5252812349' });

    const blank = Object.fromEntries(Object.keys(seller).map((key) => [key, '']));
    await send('PUT', `/api/admin/concepts/${pasta!.id}`, { ...base, legalEntity: blank }, cookie);
    const none = await request(ctx, '/api/restaurants/pasta-fresca-warszawa-mokotow/seller');
    expect((await none.json()).seller).toBeNull();
  });

  it('sets an item’s VAT rate in the menu editor, and the next order’s line keeps it', async () => {
    const cookie = await admin();
    const b = await makeBasket(ctx.database.db);
    const menu = await (
      await request(ctx, `/api/admin/menu/restaurants/${b.restaurantId}`, { headers: { cookie } })
    ).json();
    const item = menu.categories
      .flatMap((c: { items: { id: number }[] }) => c.items)
      .find((i: { id: number }) => i.id === b.menuItemId);
    expect(item.vatRate).toBe(8);
    const { id: _id, photo, vatRate: _rate, ...rest } = item;
    const refused = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      { ...rest, photo: photo ?? '', vatRate: 7 },
      cookie,
    );
    expect(refused.status).toBe(400);
    const saved = await send(
      'PUT',
      `/api/admin/menu/items/${item.id}`,
      { ...rest, photo: photo ?? '', vatRate: 23 },
      cookie,
    );
    expect(saved.status).toBe(200);
    const p = await placed();
    const lines = await ctx.database.db
      .select({ vatRate: orderItems.vatRate })
      .from(orderItems)
      .where(eq(orderItems.orderId, p.order.id));
    expect(lines.map((l) => l.vatRate)).toEqual([23]);
  });
});

describe('a company invoice asked for on the phone', () => {
  async function session(email: string) {
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user!.id });
    return { id: user!.id, cookie: `${SESSION_COOKIE}=${token}` };
  }
  const call = (cookie: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    request(ctx, path, {
      method: 'POST',
      headers: { cookie, origin: 'http://localhost', 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });

  it('is taken by the agent for the caller, whose orders then offer its PDF once finished', async () => {
    const agent = await session('callcenter@example.com');
    const customer = await session('user@example.com');
    const sample = await makeBasket(ctx.database.db);
    const basket = (await (await call(agent.cookie, '/api/cc/baskets')).json()) as { id: string };
    await call(agent.cookie, `/api/cc/baskets/${basket.id}/items`, { menuItemId: sample.menuItemId, quantity: 6 });
    const order = (invoice: Record<string, string>) =>
      call(
        agent.cookie,
        `/api/cc/baskets/${basket.id}/order`,
        {
          ...plCustomer,
          zip: sample.zip,
          consents: allConsents,
          paymentMethod: 'cashOnDelivery',
          customerUserId: customer.id,
          lang: 'pl',
          invoice,
        },
        { 'idempotency-key': crypto.randomUUID() },
      );
    const refused = await order({ ...company, nip: '1234567890' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalidNip' });

    const response = await order(company);
    expect(response.status).toBe(201);
    const placedByPhone = (await response.json()) as { order: { id: string; source: string } };
    expect(placedByPhone.order.source).toBe('cc');
    await finish(placedByPhone.order.id);

    const mine = (await (await request(ctx, '/api/my-orders', { headers: { cookie: customer.cookie } })).json()) as {
      orders: { id: string; invoice: { number: string | null } | null }[];
    };
    const listed = mine.orders.find((o) => o.id === placedByPhone.order.id);
    expect(listed?.invoice?.number).toBe('FV/2026/00001/PFR');
    // The customer's session opens the PDF, as it opens the order.
    const pdf = await request(ctx, `/api/orders/${placedByPhone.order.id}/invoice`, {
      headers: { cookie: customer.cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
  });
});
