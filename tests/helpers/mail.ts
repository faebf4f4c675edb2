import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Db } from '#db/client.ts';
import { sendPendingEmails } from '#server/services/outbox/send.ts';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; links: string[] };

/**
 * A real SMTP server on a free local port that keeps what it receives, and `deliver()`, which sends the outbox to it
 * through nodemailer as the outbox worker does. Tests then read the mail a person would and follow its links.
 */
export async function startMailCatcher() {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, nothing leaves the machine.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const html = typeof mail.html === 'string' ? mail.html : '';
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html,
            links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const transport = createTransport(url);
  return {
    url,
    received,
    /** Sends every pending e-mail and answers the ones this call delivered. */
    async deliver(db: Db): Promise<CapturedMail[]> {
      const before = received.length;
      const result = await sendPendingEmails(db, transport, new Date());
      if (result.failed > 0) throw new Error(`${result.failed} e-mails failed to send`);
      return received.slice(before);
    },
    async close() {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The token a shop-page link carries (?activate=, ?token= or ?confirmEmail=). */
export function tokenOf(link: string): { path: string; token: string } {
  const url = new URL(link);
  const token =
    url.searchParams.get('activate') ?? url.searchParams.get('token') ?? url.searchParams.get('confirmEmail');
  if (!token) throw new Error(`no token in ${link}`);
  return { path: url.pathname, token };
}
