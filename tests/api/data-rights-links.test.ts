import { and, desc, eq, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLog, consentEvents, emailOutbox, orders, users } from '#db/schema/index.ts';
import { insertUser } from '#db/seed/factories.ts';
import { enqueueEmail } from '#server/services/outbox/enqueue.ts';
import { sendPendingEmails, type MailTransport } from '#server/services/outbox/send.ts';
import { request, useTestApp } from '../helpers/app.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle } from '../helpers/orders.ts';

const ctx = useTestApp({ TRUST_PROXY: '1' });
// A Wednesday noon in Warsaw: the seeded restaurants are open and take every payment method.
const NOON = new Date('2026-03-04T11:00:00Z');
beforeEach(() => ctx.setNow(NOON));

const post = (path: string, body: unknown, cookie?: string, ip = '192.0.2.9') =>
  request(ctx, path, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost',
      'x-forwarded-for': ip,
      ...(cookie ? { cookie } : {}),
    },
  });

const guest = {
  ...plCustomer,
  firstname: 'Halszka',
  lastname: 'Gościnna',
  email: 'Halszka@Example.com',
  phone: '603 111 222',
};

async function guestOrder(consents: Record<string, boolean> = allConsents, person = guest) {
  const basket = await makeBasket(ctx.database.db, { deliveryMethod: 'door2door' });
  const placed = await placeOrder(ctx, basket.basketId, {
    ...person,
    zip: basket.zip,
    consents,
    paymentMethod: 'blik',
    blikCode: '123456',
  });
  expect(placed.status, await placed.clone().text()).toBe(201);
  const id = ((await placed.json()) as { order: { id: string } }).order.id;
  await settle(ctx);
  return id;
}

const outboxTo = (to: string, template: string) =>
  ctx.database.db
    .select()
    .from(emailOutbox)
    .where(and(sql`lower(${emailOutbox.to}) = ${to.toLowerCase()}`, eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.id));

/** The token after `#` in the data request e-mail's link. */
const tokenIn = (text: string) => /\/(?:my-data|moje-dane)#([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('a guest’s data, by a signed link', () => {
  it('e-mails the link only to an address with orders, answers the same either way, then exports and erases', async () => {
    const orderId = await guestOrder();
    const other = await guestOrder(allConsents, { ...plCustomer, email: 'someone-else@example.com' });

    const asked = await post('/api/data-rights/requests', { email: 'halszka@example.com', lang: 'en' });
    const unknown = await post('/api/data-rights/requests', { email: 'nobody-here@example.com', lang: 'en' });
    expect(asked.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await asked.json()).toEqual(await unknown.json());
    expect(await outboxTo('nobody-here@example.com', 'dataRequest')).toEqual([]);
    const [mail] = await outboxTo(guest.email, 'dataRequest');
    expect(mail!.subject).toBe("Your orders' data");
    expect(mail!.text).toContain('http://localhost');
    const token = tokenIn(mail!.text);
    expect(token).not.toBe('');
    // The link names nobody in the clear.
    expect(mail!.text.toLowerCase().split('#')[1]).not.toContain('halszka');

    expect(await (await post('/api/data-rights/link', { token })).json()).toMatchObject({
      email: 'halszka@example.com',
      expiresAt: expect.any(String),
    });
    const exported = await post('/api/data-rights/export', { token });
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-/);
    const document = (await exported.json()) as { data: { orders: { id: string; customer: { street: string } }[] } };
    expect(document.data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(document.data.orders[0]!.customer.street).toBe(guest.street);
    expect(JSON.stringify(document)).not.toContain(other);

    // Still on its way: the restaurant may need to call.
    expect((await post('/api/data-rights/erase', { token })).status).toBe(409);
    await ctx.database.db.update(orders).set({ status: 'finished' }).where(eq(orders.id, orderId));
    const erased = await post('/api/data-rights/erase', { token });
    expect(await erased.json()).toMatchObject({ erased: { orders: 1 } });
    const [order] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.customer).toMatchObject({ firstname: '', lastname: '', phone: '', email: '' });
    expect(order!.total).toBeGreaterThan(0);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'dataSubject.erased'));
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('halszka');
    const [untouched] = await ctx.database.db.select().from(orders).where(eq(orders.id, other));
    expect(untouched!.customer.email).toBe('someone-else@example.com');
  });

  it('refuses a link that was altered or has expired', async () => {
    await guestOrder();
    await post('/api/data-rights/requests', { email: guest.email, lang: 'pl' });
    const token = tokenIn((await outboxTo(guest.email, 'dataRequest'))[0]!.text);
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await (await post('/api/data-rights/export', { token: altered })).json()).toMatchObject({
      error: 'invalidToken',
    });
    ctx.setNow(new Date(NOON.getTime() + 25 * 60 * 60 * 1000));
    expect((await post('/api/data-rights/export', { token })).status).toBe(400);
  });

  it('keeps no working link in the outbox once the e-mail has gone', async () => {
    await guestOrder();
    await post('/api/data-rights/requests', { email: guest.email, lang: 'pl' });
    const token = tokenIn((await outboxTo(guest.email, 'dataRequest'))[0]!.text);
    const transport = createTransport({ jsonTransport: true });
    const sent: string[] = [];
    await sendPendingEmails(
      { ...ctx.deps, now: () => NOON },
      {
        transport: { sendMail: async (message) => sent.push(JSON.stringify(await transport.sendMail(message))) },
        batch: 50,
      },
    );
    expect(sent.join('')).toContain(token);
    const [stored] = await outboxTo(guest.email, 'dataRequest');
    expect(stored!.status).toBe('sent');
    expect(stored!.text).toContain('/moje-dane#[hidden]');
    expect(stored!.text + (stored!.html ?? '')).not.toContain(token);
  });

  it('limits requests per client address, and e-mails an address at most three times an hour', async () => {
    await guestOrder();
    for (let i = 0; i < 5; i += 1)
      expect(
        (await post('/api/data-rights/requests', { email: guest.email, lang: 'pl' }, undefined, '192.0.2.50')).status,
      ).toBe(202);
    expect(
      (await post('/api/data-rights/requests', { email: guest.email, lang: 'pl' }, undefined, '192.0.2.50')).status,
    ).toBe(429);
    expect(await outboxTo(guest.email, 'dataRequest')).toHaveLength(3);
  });

  it('takes the form sent before the page’s script loaded and answers a page in its language', async () => {
    await guestOrder();
    const response = await request(ctx, '/api/data-rights/requests/form', {
      method: 'POST',
      body: new URLSearchParams({ email: guest.email, lang: 'ua' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        'x-forwarded-for': '192.0.2.60',
      },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('lang="uk"');
    expect(page).toContain('Запит прийнято');
    expect(await outboxTo(guest.email, 'dataRequest')).toHaveLength(1);
  });
});

describe('marketing consent, withdrawn in one click', () => {
  const recorded = () => {
    const transport = createTransport({ jsonTransport: true });
    const delivered: { to: { address: string }[]; text: string; html?: string; headers: Record<string, string> }[] = [];
    const recording: MailTransport = {
      sendMail: async (message) => {
        const info = (await transport.sendMail(message)) as { message: string };
        delivered.push(JSON.parse(info.message));
        return info;
      },
    };
    return { recording, delivered };
  };

  it('puts a signed link and the RFC 8058 headers in every e-mail to a person with the consent, and only theirs', async () => {
    const db = ctx.database.db;
    const fan = await insertUser(db, { email: 'fan@example.com', password: 'fan-password-1' });
    await db.update(users).set({ marketingEmail: true, lang: 'en' }).where(eq(users.id, fan.id));
    await insertUser(db, { email: 'quiet@example.com', password: 'quiet-password-1' });
    await guestOrder({ ...allConsents, marketingEmail: true });
    for (const to of ['fan@example.com', 'quiet@example.com', guest.email])
      await enqueueEmail(db, {
        to,
        subject: 'S',
        text: 'Body',
        html: '<html><body><p>Body</p></body></html>',
        template: 'test',
      });
    const { recording, delivered } = recorded();
    await sendPendingEmails({ ...ctx.deps, now: () => NOON }, { transport: recording, batch: 50 });

    const to = (address: string) =>
      delivered.filter(
        (mail) => mail.to[0]!.address.toLowerCase() === address.toLowerCase() && mail.text.startsWith('Body'),
      );
    const [fanMail] = to('fan@example.com');
    const link = /<(http[^>]+)>/.exec(fanMail!.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/api\/unsubscribe\/[A-Za-z0-9_-]+$/);
    expect(fanMail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(fanMail!.text).toContain(link);
    expect(fanMail!.text).toContain('Withdraw that consent in one click');
    expect(fanMail!.html).toContain(`href="${link}"`);
    expect(to('quiet@example.com')[0]!.headers['List-Unsubscribe']).toBeUndefined();
    expect(to('quiet@example.com')[0]!.text).not.toContain('/api/unsubscribe/');
    expect(to(guest.email)[0]!.headers['List-Unsubscribe']).toMatch(/^<http/);

    // A person's click asks first, in the e-mail's language; nothing is withdrawn by looking.
    const path = new URL(link).pathname;
    const page = await request(ctx, path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="en"');
    expect(html).toContain('fan@example.com');
    expect(html).toContain(`action="${path}"`);
    expect((await db.select().from(users).where(eq(users.id, fan.id)))[0]!.marketingEmail).toBe(true);

    // The mail client's one-click POST: no Origin, no cookie.
    const oneClick = await request(ctx, path, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Consent withdrawn');
    expect((await db.select().from(users).where(eq(users.id, fan.id)))[0]!.marketingEmail).toBe(false);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.userId, fan.id))).toEqual([
      expect.objectContaining({
        consent: 'marketingEmail',
        granted: false,
        source: 'unsubscribe',
        at: expect.any(Date),
      }),
    ]);

    // The guest's link withdraws the consent their order recorded.
    const guestLink = /<(http[^>]+)>/.exec(to(guest.email)[0]!.headers['List-Unsubscribe']!)![1]!;
    expect(
      (
        await request(ctx, new URL(guestLink).pathname, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(200);
    const [guestOrderRow] = await db
      .select()
      .from(orders)
      .where(sql`lower(${orders.customer}->>'email') = 'halszka@example.com'`);
    expect(guestOrderRow!.consents['marketingEmail']).toBe(false);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.email, 'halszka@example.com'))).toHaveLength(1);

    // The next e-mail carries no link any more.
    await enqueueEmail(db, { to: 'fan@example.com', subject: 'S', text: 'Later', template: 'test' });
    const second = recorded();
    await sendPendingEmails({ ...ctx.deps, now: () => NOON }, { transport: second.recording });
    expect(second.delivered[0]!.headers['List-Unsubscribe']).toBeUndefined();
  });

  it('withdrawn on the profile, it is withdrawn for the orders placed with the address too, and dated', async () => {
    const db = ctx.database.db;
    await insertUser(db, { email: 'halszka@example.com', password: 'halszka-password-1' });
    const orderId = await guestOrder({ ...allConsents, marketingEmail: true });
    const login = await post('/api/auth/login', { email: 'halszka@example.com', password: 'halszka-password-1' });
    const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
    const patch = (body: unknown) =>
      request(ctx, '/api/account', {
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', origin: 'http://localhost', cookie },
      });
    expect((await patch({ marketingEmail: true })).status).toBe(200);
    expect((await patch({ marketingEmail: false })).status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.consents['marketingEmail']).toBe(false);
    const events = await db.select().from(consentEvents).where(eq(consentEvents.consent, 'marketingEmail'));
    expect(events.map((event) => [event.granted, event.source])).toEqual([
      [true, 'profile'],
      [false, 'profile'],
    ]);
  });

  it('answers 404 to a link that is not ours, in the visitor’s language', async () => {
    const bad = '/api/unsubscribe/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const polish = await request(ctx, bad);
    expect(polish.status).toBe(404);
    expect(await polish.text()).toContain('Ten link jest nieprawidłowy.');
    const english = await request(ctx, bad, { headers: { 'accept-language': 'en-GB,en;q=0.8' } });
    expect(await english.text()).toContain('This link is not valid.');
    const chosen = await request(ctx, bad, { headers: { 'accept-language': 'en', cookie: 'lang=ua' } });
    expect(await chosen.text()).toContain('Це посилання недійсне.');
  });
});

describe('the admin, for a request made by phone', () => {
  const adminCookie = async () => {
    const response = await post('/api/auth/login', { email: 'admin@example.com', password: 'admin-demo-2026' });
    return response.headers.get('set-cookie')?.split(';')[0] ?? '';
  };

  it('sees what an account holds and erases it; the audit row names nobody', async () => {
    const db = ctx.database.db;
    const person = await insertUser(db, {
      email: 'dzwoniaca@example.com',
      password: 'dzwoniaca-password-1',
      firstname: 'Dobrosława',
      lastname: 'Telefoniczna',
      phone: '604 555 666',
    });
    const cookie = await adminCookie();
    const held = await request(ctx, `/api/admin/data-rights/users/${person.id}`, { headers: { cookie } });
    expect(held.status).toBe(200);
    expect(((await held.json()) as { data: { users: { email: string }[] } }).data.users[0]!.email).toBe(
      'dzwoniaca@example.com',
    );

    const erased = await post(`/api/admin/data-rights/users/${person.id}/erase`, {}, cookie);
    expect(erased.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({
      firstname: '',
      lastname: '',
      phone: null,
      email: `deleted-${person.id}@deleted.invalid`,
    });
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'user.erased'));
    expect(audit).toMatchObject({
      entity: 'user',
      entityId: person.id,
      data: expect.objectContaining({ via: 'phoneRequest' }),
    });
    expect(JSON.stringify(audit).toLowerCase()).not.toMatch(
      /dzwoniaca|dobrosława|telefoniczna|604\D?555\D?666|555\D?666/,
    );
  });

  it('finds a guest by the phone on their orders and erases their data', async () => {
    const orderId = await guestOrder();
    await ctx.database.db.update(orders).set({ status: 'finished' }).where(eq(orders.id, orderId));
    const cookie = await adminCookie();
    const found = await post('/api/admin/data-rights/guests/find', { phone: '+48 603-111-222' }, cookie);
    const body = (await found.json()) as { found: { subject: { email: string }; data: { orders: unknown[] } }[] };
    expect(body.found).toHaveLength(1);
    expect(body.found[0]!.subject.email).toBe('halszka@example.com');
    expect(body.found[0]!.data.orders).toHaveLength(1);
    const erased = await post('/api/admin/data-rights/guests/erase', { email: 'halszka@example.com' }, cookie);
    expect(await erased.json()).toMatchObject({ erased: { orders: 1 } });
    const again = await post('/api/admin/data-rights/guests/find', { phone: '603111222' }, cookie);
    expect(((await again.json()) as { found: unknown[] }).found).toEqual([]);
  });
});
