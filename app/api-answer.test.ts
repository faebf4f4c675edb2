import { describe, expect, it } from 'vitest';
import { fieldRules, readAnswer } from './api-answer.ts';

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('readAnswer', () => {
  it('gives the data of a success', async () => {
    expect(await readAnswer(json(201, { id: 7 }))).toEqual({ ok: true, status: 201, data: { id: 7 } });
    expect(await readAnswer(Promise.resolve(new Response('OK', { status: 200 })))).toMatchObject({ data: 'OK' });
  });

  it('gives the catalogue key and details of a refusal', async () => {
    const answer = await readAnswer(json(400, { error: 'validation', details: { email: 'isValidEmail', n: 3 } }));
    expect(answer).toEqual({ ok: false, status: 400, key: 'validation', details: { email: 'isValidEmail', n: 3 } });
    expect(answer.ok ? {} : fieldRules(answer, ['email', 'n', 'phone'])).toEqual({ email: 'isValidEmail' });
  });

  it('reads a body without a key, and no answer at all, as internalError', async () => {
    const page = Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await readAnswer(page)).toEqual({ ok: false, status: 502, key: 'internalError', details: {} });
    expect(await readAnswer(() => Promise.reject(new TypeError('offline')))).toEqual({
      ok: false,
      status: 0,
      key: 'internalError',
      details: {},
    });
  });
});
