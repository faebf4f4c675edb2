import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { Db } from '#db/client.ts';
import { sendPendingEmails } from '#server/services/outbox/send.ts';

export type CapturedMail = { to: string[]; subject: string; text: string; html: string; links: string[] };

/** An SMTP server (not yet listening) handing each message it receives, parsed, to `keep`. */
function captureServer(keep: (mail: CapturedMail) => void): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no certificate to trust, nothing leaves the machine.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          const html = typeof mail.html === 'string' ? mail.html : '';
          keep({
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
}

/**
 * A real SMTP server on a free local port that keeps what it receives, and `deliver()`, which sends the outbox to it
 * through nodemailer as the outbox worker does. Tests then read the mail a person would and follow its links.
 */
export async function startMailCatcher() {
  const received: CapturedMail[] = [];
  const server = captureServer((mail) => received.push(mail));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const transport = createTransport(url);
  return {
    url,
    received,
    /** Sends every pending e-mail and answers the ones this call delivered. */
    async deliver(db: Db): Promise<CapturedMail[]> {
      const before = received.length;
      const result = await sendPendingEmails({ db, now: () => new Date() }, { transport });
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

/**
 * An SMTP server for a server in another process (the browser tests' server gets it as SMTP_URL): each message it
 * receives becomes a JSON file in `dir`, which the tests, in their own process, read with `waitForMail`.
 */
export async function startMailDrop(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = captureServer((mail) => {
    count += 1;
    writeFileSync(path.join(dir, `${String(count).padStart(5, '0')}.json`), JSON.stringify(mail));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first e-mail in a mail drop to `to` whose subject passes `subject`, waiting for it up to `timeoutMs`. */
export async function waitForMail(
  dir: string,
  to: string,
  subject: (subject: string) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).sort()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CapturedMail;
      if (mail.to.includes(to) && subject(mail.subject)) {
        // Taken: a second wait for the same address gets the next e-mail.
        rmSync(path.join(dir, file));
        return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
