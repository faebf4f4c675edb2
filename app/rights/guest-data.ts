import { validate } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { createForm } from '#app/forms/form.ts';
import type { UiLocale } from '#i18n/messages.ts';

/** The guest's request for a data link (decision 052): the same answer whether or not the address has orders. */
export const dataRequestForm = createForm<{ email: string }>({ email: '' }, (values) =>
  validate({ email: ['notEmpty', 'isValidEmail'] }, values),
);

export const requestDataLink = (locale: UiLocale, client: ApiClient = api) =>
  dataRequestForm.submit((json) => client['data-rights'].requests.$post({ json: { ...json, lang: locale } }));

export const openDataLink = (token: string, client: ApiClient = api) =>
  readAnswer(client['data-rights'].link.$post({ json: { token } }));

export const eraseByLink = (token: string, client: ApiClient = api) =>
  readAnswer(client['data-rights'].erase.$post({ json: { token } }));

/** Saves an answer's JSON as the file its Content-Disposition names. */
export async function saveDownload(response: Response, fallback = 'personal-data.json'): Promise<boolean> {
  if (!response.ok) return false;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}

export const downloadByLink = async (token: string, client: ApiClient = api): Promise<boolean> =>
  saveDownload((await client['data-rights'].export.$post({ json: { token } })) as unknown as Response);
