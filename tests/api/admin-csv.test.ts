import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '#db/seed/factories.ts';
import { parseListQuery } from '#domain/admin-lists.ts';
import { csvLines } from '#server/services/admin/lists/csv.ts';
import { createSession, SESSION_COOKIE } from '#server/services/auth/sessions.ts';
import { fillBusyYear } from '../../bench/busy-year.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
const END = new Date('2026-03-04T11:00:00Z');

async function sessionOf(role: 'admin' | 'user' | 'callCenter') {
  const user = await insertUser(ctx.database.db, {
    email: `${role}-${crypto.randomUUID()}@example.com`,
    password: 'csv-password-1',
    role,
    activated: true,
  });
  const { token } = await createSession({ db: ctx.database.db, now: ctx.deps.now }, { userId: user.id });
  return `${SESSION_COOKIE}=${token}`;
}

let admin: string;
beforeEach(async () => {
  ctx.setNow(END);
  admin = await sessionOf('admin');
  const client = postgres(ctx.database.url, { max: 1, onnotice: () => {} });
  try {
    await fillBusyYear(client, { orders: 60, end: END, days: 30 });
  } finally {
    await client.end();
  }
});

/** RFC 4180 read back: quoted fields with doubled quotes, commas and line breaks inside them. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += ch;
  }
  return records;
}

async function csv(path: string, cookie = admin) {
  const response = await request(ctx, `/api/admin/csv/${path}`, { headers: { cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}

describe('admin lists as CSV', () => {
  it('exports every order the filters match, in the list’s sort, as an Excel-readable attachment', async () => {
    const [customer] = (await ctx.database.db.execute(
      sql`update orders set customer = customer || '{"firstname": "=HYPERLINK(\\"http://evil.example\\",\\"Jan, \\"\\"Kowal\\"\\"\\")", "lastname": ""}'::jsonb
          where id = (select id from orders where status = 'finished' order by total desc limit 1)
          returning display_id, total`,
    )) as unknown as [{ display_id: string; total: number }];
    const { response, bytes, text } = await csv('orders?status=finished&sort=-total&lang=en&page=2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders-2026-03-04.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([
      'Number',
      'Created',
      'Status',
      'Restaurant',
      'Concept',
      'Customer',
      'Channel',
      'Delivery method',
      'Payment',
      'Total',
      'Currency',
    ]);
    // All pages (the screen shows 25 a page; the `page` of a copied link is ignored), as the list counts them.
    const list = await request(ctx, '/api/admin/orders?status=finished', { headers: { cookie: admin } });
    const { count } = (await list.json()) as { count: number };
    expect(count).toBeGreaterThan(25);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r[0])).size).toBe(count);
    expect(rows.every((r) => r[2] === 'Completed')).toBe(true);
    const totals = rows.map((r) => Number(r[9]));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(rows.every((r) => /^\d+\.\d{2}$/.test(r[9]!) && ['PLN', 'UAH'].includes(r[10]!))).toBe(true);
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/.test(r[1]!))).toBe(true);

    // The customer who typed a formula is text in the sheet, commas and quotes kept.
    const first = rows[0]!;
    expect(first[0]).toBe(customer!.display_id);
    expect(first[9]).toBe((customer!.total / 100).toFixed(2));
    expect(first[5]).toBe('\'=HYPERLINK("http://evil.example","Jan, ""Kowal""")');
  });

  it('reads the list in pages and writes each row once, in the screen’s order', async () => {
    const parsed = parseListQuery('orders', new URLSearchParams('sort=createdAt'));
    if (!parsed.ok) throw new Error('the query is valid');
    let paged = '';
    for await (const chunk of csvLines({ db: ctx.database.db }, 'orders', parsed.query, 'pl', 7)) paged += chunk;
    const whole = (await csv('orders?sort=createdAt&lang=pl')).text.slice(1);
    expect(paged).toBe(whole);
    const [header, ...rows] = parseCsv(paged);
    expect(header![0]).toBe('Numer');
    expect(rows).toHaveLength(60);
    const created = rows.map((r) => Date.parse(r[1]!));
    expect(created).toEqual([...created].sort((a, b) => a - b));
  });

  it('exports the sales, discount codes and the other lists with their own columns', async () => {
    const sales = parseCsv((await csv('sales?lang=ua')).text.slice(1));
    expect(sales[0]!.slice(0, 3)).toEqual(['День', 'Валюта', 'Замовлення']);
    expect(sales[0]).toContain('Пропущені');
    const codes = await csv('discountCodes?lang=pl');
    expect(codes.response.status).toBe(200);
    expect(parseCsv(codes.text.slice(1))[0]).toContain('Waluta');
    for (const entity of ['concepts', 'locations', 'restaurants', 'users', 'clients', 'baskets', 'payments', 'outbox'])
      expect((await csv(`${entity}?lang=en`)).response.status, entity).toBe(200);
  });

  it('refuses anyone but an admin, a bad filter, a bad language and an unknown list', async () => {
    expect((await request(ctx, '/api/admin/csv/orders')).status).toBe(401);
    for (const role of ['user', 'callCenter'] as const) {
      const { response, text } = await csv('orders', await sessionOf(role));
      expect(response.status, role).toBe(401);
      expect(text).not.toContain('Kowalski');
    }
    const bad = await csv('orders?status=eaten&lang=de');
    expect(bad.response.status).toBe(400);
    expect(JSON.parse(bad.text)).toEqual({
      requestId: expect.any(String),
      error: 'validation',
      details: { status: 'invalid', lang: 'invalid' },
    });
    expect((await csv('dishes')).response.status).toBe(404);
  });
});
