import { describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox } from '#db/schema/index.ts';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

const send = (body: unknown, headers: Record<string, string> = {}) =>
  request(ctx, '/api/contact', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });

const good = {
  name: 'Ala Nowak',
  email: 'ala@example.com',
  message: 'Czy macie opcję bezglutenową?',
  terms: true,
  concept: 'pasta-fresca',
};

describe('contact form', () => {
  it('stores the message, queues it to the brand’s contact address and answers OK', async () => {
    const response = await send(good);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('OK');
    const [stored] = await ctx.database.db.select().from(contactMessages);
    expect(stored).toMatchObject({ name: 'Ala Nowak', email: 'ala@example.com', conceptSlug: 'pasta-fresca' });
    const [mail] = await ctx.database.db.select().from(emailOutbox);
    const tenant = ctx.deps.tenants.find((t) => t.slug === 'pasta-fresca')!;
    expect(mail).toMatchObject({ to: tenant.contactEmail, template: 'contact', status: 'pending' });
    expect(mail!.text).toContain('Czy macie opcję bezglutenową?');
    expect(mail!.text).toContain('ala@example.com');
  });

  it('names the failing rule of every field and stores nothing', async () => {
    const response = await send({
      name: '  ',
      email: 'not-an-email',
      message: '',
      terms: false,
      concept: 'pasta-fresca',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'validation',
      details: { name: 'notEmpty', email: 'isValidEmail', message: 'notEmpty', terms: 'isTrue' },
    });
    const empty = await send({});
    expect((await empty.json()).details).toEqual({
      name: 'notEmpty',
      email: 'notEmpty',
      message: 'notEmpty',
      terms: 'isTrue',
      concept: 'notEmpty',
    });
    expect(await ctx.database.db.select().from(contactMessages)).toEqual([]);
    expect(await ctx.database.db.select().from(emailOutbox)).toEqual([]);
  });

  it('refuses an unknown concept', async () => {
    const response = await send({ ...good, concept: 'no-such-brand' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'validation', details: { concept: 'notEmpty' } });
  });

  it('rate-limits messages per address', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    for (let i = 0; i < 5; i += 1) expect((await send(good, headers)).status).toBe(200);
    const blocked = await send(good, headers);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toEqual({ error: 'tooManyRequests' });
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(5);
  });
});
