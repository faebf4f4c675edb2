import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, paymentOptions, refunds } from '#db/schema/index.ts';
import { formatMoney } from '#domain/money.ts';
import type { OrderStatus } from '#domain/orders.ts';
import { SYSTEM } from '#server/services/actor.ts';
import { changeOrderStatus } from '#server/services/orders/change-status.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { useTestApp } from '../helpers/app.ts';
import { startMailCatcher } from '../helpers/mail.ts';
import { allConsents, makeBasket, placeOrder, plCustomer, settle, UA, uaCustomer } from '../helpers/orders.ts';

const ctx = useTestApp();
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(() => mail.close());
// 11:00 UTC in March: 12:00 in Warsaw, 13:00 in Kyiv.
beforeEach(() => ctx.setNow(new Date('2026-03-04T11:00:00Z')));

type Lang = 'pl' | 'en' | 'ua';
type Placed = { order: { id: string; displayId: string }; accessToken: string };

/** A cash order of the Ukrainian restaurant (the shop takes cash on the web in Ukraine), placed in `lang`. */
async function cashOrder(lang: Lang | null): Promise<Placed> {
  const b = await makeBasket(ctx.database.db, { restaurant: UA });
  const response = await placeOrder(ctx, b.basketId, {
    ...uaCustomer,
    zip: b.zip,
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
    ...(lang ? { lang } : {}),
  });
  expect(response.status).toBe(201);
  const placed = (await response.json()) as Placed;
  await mail.deliver(ctx.database.db);
  return placed;
}

/** An order paid by Blik in the sandbox, in `lang`: it reaches the restaurant paid. Its confirmation is delivered. */
async function paidOrder(lang: Lang, options: { ua?: boolean; pickup?: boolean } = {}): Promise<Placed> {
  const b = await makeBasket(ctx.database.db, {
    ...(options.ua ? { restaurant: UA } : {}),
    ...(options.pickup ? { deliveryMethod: 'pickup' as const } : {}),
  });
  const response = await placeOrder(ctx, b.basketId, {
    ...(options.ua ? uaCustomer : plCustomer),
    zip: b.zip,
    consents: options.ua ? { orderWithObligation: true } : allConsents,
    paymentMethod: 'blik',
    blikCode: '000000',
    lang,
  });
  expect(response.status).toBe(201);
  const placed = (await response.json()) as Placed;
  await settle(ctx);
  await mail.deliver(ctx.database.db);
  return placed;
}

const move = (orderId: string, to: OrderStatus, extra: { reason?: string; preparationMinutes?: number } = {}) =>
  changeOrderStatus(ctx.deps, {
    orderId,
    to,
    reason: extra.reason ?? 'admin',
    actor: SYSTEM,
    now: ctx.deps.now(),
    ...extra,
  });

/** The one e-mail the last change sent. */
async function onlyMail() {
  const received = await mail.deliver(ctx.database.db);
  expect(received).toHaveLength(1);
  return received[0]!;
}

const statusLink = (placed: Placed, lang: Lang) =>
  `${ctx.deps.env.publicBaseUrl}${lang === 'pl' ? '' : `/${lang}`}/status/${placed.order.id}/${placed.accessToken}`;

describe('the confirmation', () => {
  it.each([
    ['pl', 'czeka na przyjęcie przez restaurację', 'Restauracja za chwilę je przyjmie'],
    ['en', 'waiting for the restaurant to accept it', 'The restaurant is about to accept it'],
    ['ua', 'очікує на підтвердження ресторану', 'Ресторан невдовзі його підтвердить'],
  ] as const)('in %s says received and waiting for the restaurant, not accepted', async (lang, subject, text) => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'blik',
      blikCode: '000000',
      lang,
    });
    const placed = (await response.json()) as Placed;
    await settle(ctx);
    const message = await onlyMail();
    expect(message.subject).toContain(placed.order.displayId);
    expect(message.subject).toContain(subject);
    expect(message.subject).not.toMatch(/przyjęte|прийнято|accepted/);
    expect(message.text).toContain(text);
  });
});

describe('status e-mails', () => {
  it.each([
    ['pl', 'Zamówienie {id} przyjęte przez restaurację', 'Szacowana godzina przygotowania: 12:40'],
    ['en', 'Order {id} accepted by the restaurant', 'Estimated ready time: 12:40'],
    ['ua', 'Замовлення {id} прийнято рестораном', 'Орієнтовний час готовності: 12:40'],
  ] as const)('accepted, in %s, gives the ready time on the restaurant’s clock', async (lang, subject, ready) => {
    const placed = await paidOrder(lang);
    await move(placed.order.id, 'processing', { preparationMinutes: 40 });
    const message = await onlyMail();
    expect(message.to).toEqual([plCustomer.email]);
    expect(message.subject).toBe(subject.replace('{id}', placed.order.displayId));
    // 11:00 UTC + 40 minutes is 12:40 in Warsaw.
    expect(message.text).toContain(ready);
    expect(message.links).toContain(statusLink(placed, lang));
  });

  it('accepted, for a Ukrainian restaurant, reads the clock in Kyiv', async () => {
    const placed = await cashOrder('ua');
    await move(placed.order.id, 'processing', { preparationMinutes: 30 });
    expect((await onlyMail()).text).toContain('Орієнтовний час готовності: 13:30');
  });

  it('is written in the restaurant country’s language when the order named none', async () => {
    const placed = await cashOrder(null);
    await move(placed.order.id, 'processing', { preparationMinutes: 30 });
    const message = await onlyMail();
    expect(message.subject).toBe(`Замовлення ${placed.order.displayId} прийнято рестораном`);
    expect(message.links).toContain(statusLink(placed, 'ua'));
  });

  it.each([
    ['pl', 'Zamówienie {id} gotowe do odbioru', 'Odbiór osobisty od około 12:30'],
    ['en', 'Order {id} is ready for pickup', 'Collect it from about 12:30'],
    ['ua', 'Замовлення {id} готове до видачі', 'Забрати можна приблизно з 12:30'],
  ] as const)(
    'a pickup order: accepted with when to collect it, then ready for pickup, in %s',
    async (lang, subject, collect) => {
      const placed = await paidOrder(lang, { pickup: true });
      await move(placed.order.id, 'processing', { preparationMinutes: 30 });
      expect((await onlyMail()).text).toContain(collect);
      await move(placed.order.id, 'ready_for_pickup');
      const ready = await onlyMail();
      expect(ready.subject).toBe(subject.replace('{id}', placed.order.displayId));
      // Where to collect it: the restaurant's address.
      expect(ready.text).toMatch(/\d{2}-\d{3} \S+/);
      await move(placed.order.id, 'finished');
      expect(await mail.deliver(ctx.database.db)).toEqual([]);
    },
  );

  it.each([
    ['pl', 'Zamówienie {id} jest w drodze', 'jest już w drodze do Ciebie'],
    ['en', 'Order {id} is on its way', 'it is on its way to you'],
    ['ua', 'Замовлення {id} в дорозі', 'воно вже в дорозі до вас'],
  ] as const)('a delivery is on its way once handed to the courier, in %s', async (lang, subject, text) => {
    const placed = await cashOrder(lang);
    await move(placed.order.id, 'processing');
    await mail.deliver(ctx.database.db);
    await move(placed.order.id, 'waiting_for_courier');
    expect(await mail.deliver(ctx.database.db)).toEqual([]);
    await move(placed.order.id, 'finished', { reason: 'handToCourier' });
    const message = await onlyMail();
    expect(message.subject).toBe(subject.replace('{id}', placed.order.displayId));
    expect(message.text).toContain(text);
  });

  it.each([
    ['pl', 'Zamówienie {id} odrzucone', 'Powód: część dań jest wyprzedana.'],
    ['en', 'Order {id} could not be accepted', 'Reason: some of the dishes are sold out.'],
    ['ua', 'Замовлення {id} відхилено', 'Причина: частину страв розпродано.'],
  ] as const)(
    'rejected, in %s, gives the kitchen’s reason; a cash order promises no refund',
    async (lang, subject, reason) => {
      const placed = await cashOrder(lang);
      await changeOrderStatus(ctx.deps, {
        orderId: placed.order.id,
        to: 'rejected',
        reason: 'reject',
        rejectionReason: 'soldOut',
        actor: SYSTEM,
        now: ctx.deps.now(),
      });
      const message = await onlyMail();
      expect(message.subject).toBe(subject.replace('{id}', placed.order.displayId));
      expect(message.text).toContain(reason);
      expect(message.text).not.toMatch(/zwrócimy|refunded|повернемо/);
    },
  );

  it.each([
    [
      'pl',
      'Powód: restauracja nie przyjęła zamówienia na czas.',
      'Pieniądze za zamówienie zwrócimy w ciągu kilku dni roboczych.',
      'Zwrot pieniędzy za zamówienie {id}',
    ],
    [
      'en',
      'Reason: the restaurant did not accept it in time.',
      'Your payment will be refunded within a few working days.',
      'Refund for order {id}',
    ],
    [
      'ua',
      'Причина: ресторан не прийняв замовлення вчасно.',
      'Кошти за замовлення повернемо протягом кількох робочих днів.',
      'Повернення коштів за замовлення {id}',
    ],
  ] as const)(
    'a paid order nobody accepted in time, in %s: rejected with the refund promise, then refunded',
    async (lang, reason, promise, refundSubject) => {
      const placed = await paidOrder(lang);
      ctx.setNow(new Date('2026-03-04T11:11:00Z'));
      await sweepOverdueOrders(ctx.deps);
      const received = await mail.deliver(ctx.database.db);
      expect(received.map((m) => m.subject)).toEqual([
        expect.stringContaining(placed.order.displayId),
        refundSubject.replace('{id}', placed.order.displayId),
      ]);
      const [rejected, refunded] = received;
      expect(rejected!.text).toContain(reason);
      expect(rejected!.text).toContain(promise);
      const [refund] = await ctx.database.db.select().from(refunds);
      expect(refund!.status).toBe('succeeded');
      // The amount the provider gave back, written as the shop writes money in that language.
      expect(refunded!.text).toContain(formatMoney(refund!.amount, 'PLN', lang));
    },
  );

  it('a Ukrainian restaurant promises the refund within 48 hours, in any language', async () => {
    // Ukraine's seed offers no online method the sandbox settles by itself; Blik stands in for one.
    await ctx.database.db.insert(paymentOptions).values({
      country: 'ua',
      name: 'blik',
      group: 'online',
      translateKey: 'payment.blik',
      availableFor: ['web'],
      position: 5,
    });
    const placed = await paidOrder('en', { ua: true });
    await changeOrderStatus(ctx.deps, {
      orderId: placed.order.id,
      to: 'rejected',
      reason: 'reject',
      rejectionReason: 'tooBusy',
      actor: SYSTEM,
      now: ctx.deps.now(),
    });
    const [rejected] = await mail.deliver(ctx.database.db);
    expect(rejected!.text).toContain('Reason: the restaurant is too busy right now.');
    expect(rejected!.text).toContain('Your payment will be refunded within 48 hours.');
  });

  it.each([
    ['pl', 'Zamówienie {id} anulowane', 'Płatność nie została zakończona w ciągu 15 minut.'],
    ['en', 'Order {id} canceled', 'The payment was not completed within 15 minutes.'],
    ['ua', 'Замовлення {id} скасовано', 'Оплату не було завершено протягом 15 хвилин.'],
  ] as const)('canceled for want of payment, in %s', async (lang, subject, cause) => {
    const b = await makeBasket(ctx.database.db);
    const response = await placeOrder(ctx, b.basketId, {
      ...plCustomer,
      zip: b.zip,
      consents: allConsents,
      paymentMethod: 'fastTransfer',
      lang,
    });
    const placed = (await response.json()) as Placed;
    await settle(ctx);
    ctx.setNow(new Date('2026-03-04T11:16:00Z'));
    await sweepOverdueOrders(ctx.deps);
    const message = await onlyMail();
    expect(message.subject).toBe(subject.replace('{id}', placed.order.displayId));
    expect(message.text).toContain(cause);
  });

  it('nothing is queued for a change that rolled back', async () => {
    const placed = await cashOrder('en');
    await expect(move(placed.order.id, 'finished')).rejects.toThrow();
    const queued = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(queued).toEqual([]);
  });
});
