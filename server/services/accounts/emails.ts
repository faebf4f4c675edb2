import { accountLinkPath, type AccountLang } from '#server/domain/accounts.ts';
import type { Env } from '#server/env.ts';
import type { OutgoingEmail } from '../outbox/enqueue.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

type LinkTexts = { subject: string; greeting: (name: string) => string; body: string; action: string; ignore: string };

// The account e-mails of issue 13, in the order confirmation's three languages.
const texts: Record<'activation' | 'passwordReset' | 'emailChange', Record<AccountLang, LinkTexts>> = {
  activation: {
    pl: {
      subject: 'Aktywuj swoje konto',
      greeting: (name) => `Cześć ${name}!`,
      body: 'Dziękujemy za rejestrację. Aby zacząć zamawiać, aktywuj konto (link jest ważny 24 godziny):',
      action: 'Aktywuj konto',
      ignore: 'Jeśli to nie Ty zakładałeś konto, zignoruj tę wiadomość.',
    },
    en: {
      subject: 'Activate your account',
      greeting: (name) => `Hi ${name}!`,
      body: 'Thank you for registering. To start ordering, activate your account (the link is valid for 24 hours):',
      action: 'Activate account',
      ignore: 'If you did not create an account, ignore this message.',
    },
    ua: {
      subject: 'Активуйте свій обліковий запис',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Дякуємо за реєстрацію. Щоб почати замовляти, активуйте обліковий запис (посилання дійсне 24 години):',
      action: 'Активувати обліковий запис',
      ignore: 'Якщо ви не створювали обліковий запис, проігноруйте цей лист.',
    },
  },
  passwordReset: {
    pl: {
      subject: 'Ustaw nowe hasło',
      greeting: (name) => `Cześć ${name}!`,
      body: 'Otrzymaliśmy prośbę o zmianę hasła. Ustaw nowe hasło (link jest ważny godzinę i działa raz):',
      action: 'Ustaw nowe hasło',
      ignore: 'Jeśli to nie Ty prosiłeś o zmianę, zignoruj tę wiadomość: hasło pozostanie bez zmian.',
    },
    en: {
      subject: 'Set a new password',
      greeting: (name) => `Hi ${name}!`,
      body: 'We received a request to reset your password. Set a new one (the link is valid for one hour and works once):',
      action: 'Set a new password',
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
    },
    ua: {
      subject: 'Встановіть новий пароль',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Ми отримали запит на зміну пароля. Встановіть новий пароль (посилання дійсне одну годину і працює один раз):',
      action: 'Встановити новий пароль',
      ignore: 'Якщо ви не надсилали запит, проігноруйте цей лист: пароль залишиться без змін.',
    },
  },
  emailChange: {
    pl: {
      subject: 'Potwierdź nowy adres e-mail',
      greeting: (name) => `Cześć ${name}!`,
      body: 'Aby ten adres stał się adresem Twojego konta, potwierdź go (link jest ważny 24 godziny):',
      action: 'Potwierdź adres',
      ignore: 'Jeśli to nie Ty zmieniałeś adres, zignoruj tę wiadomość.',
    },
    en: {
      subject: 'Confirm your new e-mail address',
      greeting: (name) => `Hi ${name}!`,
      body: 'To make this address your account’s, confirm it (the link is valid for 24 hours):',
      action: 'Confirm address',
      ignore: 'If you did not change your address, ignore this message.',
    },
    ua: {
      subject: 'Підтвердіть нову адресу електронної пошти',
      greeting: (name) => `Вітаємо, ${name}!`,
      body: 'Щоб ця адреса стала адресою вашого облікового запису, підтвердіть її (посилання дійсне 24 години):',
      action: 'Підтвердити адресу',
      ignore: 'Якщо ви не змінювали адресу, проігноруйте цей лист.',
    },
  },
};

const changedTexts: Record<AccountLang, { subject: string; body: (newEmail: string) => string; help: string }> = {
  pl: {
    subject: 'Adres e-mail konta został zmieniony',
    body: (email) => `Adres e-mail Twojego konta został zmieniony na ${email}.`,
    help: 'Jeśli to nie Ty, napisz do nas przez formularz kontaktowy.',
  },
  en: {
    subject: 'Your account’s e-mail address was changed',
    body: (email) => `Your account’s e-mail address was changed to ${email}.`,
    help: 'If this was not you, write to us through the contact form.',
  },
  ua: {
    subject: 'Адресу електронної пошти облікового запису змінено',
    body: (email) => `Адресу електронної пошти вашого облікового запису змінено на ${email}.`,
    help: 'Якщо це були не ви, напишіть нам через контактну форму.',
  },
};

/** One template for every account e-mail: the HTML and the plain-text part say the same. */
function layout(paragraphs: string[], link?: { href: string; label: string }): { text: string; html: string } {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link.href] : []), ...paragraphs.slice(2)].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = link
    ? `<p style="margin:0 0 16px"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 20px;background:#111;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(link.href)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5"><div style="max-width:560px;margin:0 auto">${paragraphs.slice(0, 2).map(p).join('')}${button}${paragraphs.slice(2).map(p).join('')}</div></body></html>`;
  return { text, html };
}

/** An e-mail whose link opens a shop page with a single-use token (activation, password reset, e-mail change). */
export function accountLinkEmail(
  env: Env,
  kind: keyof typeof texts,
  { to, name, lang, token }: { to: string; name: string; lang: AccountLang; token: string },
): OutgoingEmail {
  const t = texts[kind][lang];
  const href = new URL(accountLinkPath(kind, lang, token), env.publicBaseUrl).toString();
  return {
    to,
    subject: t.subject,
    template: kind,
    ...layout([t.greeting(name.trim() || to), t.body, t.ignore], { href, label: t.action }),
  };
}

/** Tells the old address that the account moved, so a hijack does not go unnoticed. */
export function emailChangedNotice(to: string, newEmail: string, lang: AccountLang): OutgoingEmail {
  const t = changedTexts[lang];
  return { to, subject: t.subject, template: 'emailChanged', ...layout([t.body(newEmail), t.help]) };
}
