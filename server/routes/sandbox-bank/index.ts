import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '#server/context.ts';
import { csrf } from '#server/middleware/csrf.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { loadPaymentForBank, type PaymentForBank } from '#server/services/payments/load.ts';
import type { SandboxProvider } from '#server/services/payments/provider.ts';

const page = (title: string, body: ReturnType<typeof html>) =>
  html`<!doctype html>
    <html lang="pl">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Sandbox Bank</title>
        <style>
          body {
            font-family: system-ui, sans-serif;
            background: #f3f5f9;
            display: grid;
            place-items: center;
            min-height: 100vh;
            margin: 0;
          }
          main {
            background: #fff;
            padding: 2rem;
            border-radius: 12px;
            box-shadow: 0 4px 24px #0002;
            max-width: 26rem;
            width: 90%;
          }
          .amount {
            font-size: 2rem;
            font-weight: 700;
            margin: 0.5rem 0 1.5rem;
          }
          form {
            display: flex;
            gap: 1rem;
          }
          button {
            flex: 1;
            font-size: 1rem;
            padding: 0.8rem;
            border-radius: 8px;
            border: 0;
            cursor: pointer;
          }
          .pay {
            background: #1a7f37;
            color: #fff;
          }
          .cancel {
            background: #e5e7eb;
          }
          .banner {
            background: #b91c1c;
            color: #fff;
            font-weight: 700;
            text-align: center;
            padding: 0.5rem;
            border-radius: 6px;
            margin: 0 0 1rem;
          }
          small {
            color: #555;
            display: block;
            margin-top: 1.5rem;
          }
        </style>
      </head>
      <body>
        <main>
          <p class="banner" role="alert">SANDBOX — no real money</p>
          ${body}
        </main>
      </body>
    </html>`;

// The sandbox bank's page is written in English (its lang attribute notwithstanding), so are its amounts.
const amountOf = (p: PaymentForBank) => formatMoney(p.amount, p.currency as Currency, 'en');

/**
 * The sandbox provider's bank: where a fast transfer's redirect lands. Pay or Cancel sends the provider's signed
 * notification to our webhook and returns the customer to the order summary. Not part of /api: it stands in
 * for a page on the bank's own site.
 */
const sandboxBankRoutes = new Hono<AppEnv>()
  .get('/:paymentId', async (c) => {
    const sandbox = c.var.deps.payments.sandbox;
    const payment = sandbox ? await loadPaymentForBank(c.var.deps, { paymentId: c.req.param('paymentId') }) : null;
    const returnUrl = sandbox?.verifiedReturnUrl(c.req.param('paymentId'), c.req.query('return'), c.req.query('sig'));
    if (!payment || payment.provider !== sandbox?.name || !returnUrl)
      return c.html(page('Not found', html`<h1>Unknown payment</h1>`), 404);
    if (payment.status !== 'pending')
      return c.html(
        page(
          'Done',
          html`<h1>This payment is ${payment.status}</h1>
            <p><a href="${returnUrl}">Back to the shop</a></p>`,
        ),
        409,
      );
    return c.html(
      page(
        'Pay',
        html`<h1>Sandbox Bank</h1>
          <p>${payment.restaurantName}, order ${payment.displayId}</p>
          <p class="amount">${amountOf(payment)}</p>
          <form method="post">
            <input type="hidden" name="return" value="${c.req.query('return')}" />
            <input type="hidden" name="sig" value="${c.req.query('sig')}" />
            <button class="cancel" name="action" value="cancel">Cancel</button>
            <button class="pay" name="action" value="pay">Pay ${amountOf(payment)}</button>
          </form>
          <small>A test bank: no money moves. Pay or Cancel sends a signed notification to the shop.</small>`,
      ),
    );
  })
  .post('/:paymentId', csrf(), async (c) => {
    const sandbox = c.var.deps.payments.sandbox;
    const form = await c.req.parseBody();
    const paymentId = c.req.param('paymentId');
    const payment = sandbox ? await loadPaymentForBank(c.var.deps, { paymentId }) : null;
    const returnUrl = sandbox?.verifiedReturnUrl(paymentId, String(form['return'] ?? ''), String(form['sig'] ?? ''));
    const action = form['action'];
    if (!sandbox || !payment || payment.provider !== sandbox.name || !returnUrl || !payment.externalId)
      return c.html(page('Not found', html`<h1>Unknown payment</h1>`), 404);
    if (action !== 'pay' && action !== 'cancel')
      return c.html(page('Bad request', html`<h1>Choose Pay or Cancel</h1>`), 400);
    if (payment.status === 'pending') {
      // Waits for the shop's answer, so the summary page the customer returns to already shows the outcome.
      await sandbox.notify({
        paymentId: payment.id,
        externalId: payment.externalId,
        status: action === 'pay' ? 'paid' : 'canceled',
        amount: payment.amount,
        currency: payment.currency,
      });
    }
    return c.redirect(returnUrl, 303);
  });

/** Serves the sandbox bank and lets the sandbox deliver its notifications through this very app. */
export function mountSandboxBank(app: Hono<AppEnv>, sandbox: SandboxProvider): void {
  app.route('/sandbox-bank', sandboxBankRoutes);
  sandbox.deliverThrough(async (request) => app.fetch(request));
}
