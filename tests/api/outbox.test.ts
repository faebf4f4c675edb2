import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import { emailOutbox } from '#db/schema/index.ts';
import { enqueueEmail } from '#server/services/outbox/enqueue.ts';
import { MAX_ATTEMPTS, sendPendingEmails, type MailTransport } from '#server/services/outbox/send.ts';
import { createTestDatabase } from '../helpers/db.ts';
import { useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();
const NOW = new Date('2025-06-04T10:00:00Z');

describe('e-mail outbox', () => {
  it('sends pending mail through a real nodemailer transport and marks it sent', async () => {
    const db = ctx.database.db;
    await enqueueEmail(db, {
      to: 'a@example.com',
      subject: 'Hej',
      text: 'Treść',
      html: '<p>Treść</p>',
      template: 'test',
    });
    const transport = createTransport({ jsonTransport: true });
    const delivered: string[] = [];
    const recording: MailTransport = {
      sendMail: async (message) => {
        const info = (await transport.sendMail(message)) as { message: string };
        delivered.push(info.message);
        return info;
      },
    };
    expect(await sendPendingEmails({ db, now: () => NOW }, { transport: recording, from: 'shop@example.com' })).toEqual(
      { sent: 1, failed: 0 },
    );
    const mail = JSON.parse(delivered[0]!);
    expect(mail).toMatchObject({ subject: 'Hej', text: 'Treść', html: '<p>Treść</p>' });
    expect(mail.to).toEqual([{ address: 'a@example.com', name: '' }]);
    expect(mail.from).toEqual({ address: 'shop@example.com', name: '' });
    const [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: NOW });
    // Nothing is sent twice.
    expect(await sendPendingEmails({ db, now: () => NOW }, { transport: recording })).toEqual({ sent: 0, failed: 0 });
    expect(delivered).toHaveLength(1);
  });

  it('records failures, retries them and gives up after the last attempt', async () => {
    const db = ctx.database.db;
    await enqueueEmail(db, { to: 'b@example.com', subject: 'S', text: 'T', template: 'test' });
    // A real SMTP transport to a port nothing listens on.
    const broken = createTransport({ host: '127.0.0.1', port: 9, connectionTimeout: 500, greetingTimeout: 500 });
    expect(await sendPendingEmails({ db, now: () => NOW }, { transport: broken })).toEqual({ sent: 0, failed: 1 });
    let [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) await sendPendingEmails({ db, now: () => NOW }, { transport: broken });
    [row] = await db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    broken.close();
  });

  it('never hands one row to two concurrent senders (SKIP LOCKED)', async () => {
    const database = await createTestDatabase({ max: 4 });
    try {
      const db = database.db;
      for (let i = 0; i < 6; i += 1)
        await enqueueEmail(db, { to: `c${i}@example.com`, subject: 'S', text: 'T', template: 'test' });
      const seen: string[] = [];
      const slow: MailTransport = {
        sendMail: async (message) => {
          seen.push(message.to);
          await new Promise((resolve) => setTimeout(resolve, 50));
          return {};
        },
      };
      const results = await Promise.all([
        sendPendingEmails({ db, now: () => NOW }, { transport: slow, batch: 3 }),
        sendPendingEmails({ db, now: () => NOW }, { transport: slow, batch: 3 }),
      ]);
      expect(results.reduce((n, r) => n + r.sent, 0)).toBe(6);
      expect(new Set(seen).size).toBe(6);
      expect(seen).toHaveLength(6);
      const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.status, 'sent'));
      expect(rows).toHaveLength(6);
    } finally {
      await database.drop();
    }
  });
});
