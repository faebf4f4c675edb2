import { describe, expect, it } from 'vitest';
import { type } from 'arktype';
import { createForm, valueAt } from './form.ts';
import { createAdminForm } from '#app/admin/forms/form-state.tsx';

const reply = (status: number, body: unknown) => ({
  ok: status < 300,
  status,
  text: async () => JSON.stringify(body),
});

/** A form of rows, as the admin's hours: each row checked by the same rule the server applies. */
const hours = type({
  name: 'string > 0',
  week: type({ from: /^\d\d:\d\d$/, to: /^\d\d:\d\d$/ }).array(),
});
const initial = () => ({
  name: 'Kuchnia',
  week: [
    { from: '10:00', to: '22:00' },
    { from: '10:00', to: '22:00' },
  ],
});

describe('createForm with paths under a field', () => {
  it('sets a cell of a row, copying the rows, and checks that cell on change only', () => {
    const form = createAdminForm(initial(), hours);
    const before = form.$state.get().values.week;
    form.setAt('week.1.from', '9');
    const { values, errors } = form.$state.get();
    expect(values.week[1]).toEqual({ from: '9', to: '22:00' });
    expect(values.week[0]).toBe(before[0]);
    expect(before[1]?.from).toBe('10:00');
    expect(errors).toEqual({ 'week.1.from': 'invalid' });
    // Another cell's change leaves the first one's error shown and checks its own.
    form.setAt('week.0.to', 'x');
    expect(form.$state.get().errors).toEqual({ 'week.1.from': 'invalid', 'week.0.to': 'invalid' });
    form.setAt('week.1.from', '09:00');
    expect(form.$state.get().errors).toEqual({ 'week.0.to': 'invalid' });
  });

  it('answers the first field with an error under it, in the order of the fields', () => {
    const form = createAdminForm({ ...initial(), name: '' }, hours);
    form.setAt('week.1.to', '');
    expect(form.check()).toBe('name');
    form.setField('name', 'Kuchnia');
    expect(form.check()).toBe('week');
    expect(form.$state.get().errors).toEqual({ 'week.1.to': 'invalid' });
  });

  it('checks a whole list again when it is replaced (a row removed) and drops what no field holds', () => {
    const form = createForm({ rows: ['a', ''] }, ({ rows }) => ({
      '(body)': 'invalid',
      ...Object.fromEntries(rows.flatMap((row, index) => (row ? [] : [[`rows.${index}`, 'notEmpty']]))),
    }));
    expect(form.check()).toBe('rows');
    expect(form.$state.get().errors).toEqual({ 'rows.1': 'notEmpty' });
    form.setField('rows', ['a']);
    expect(form.$state.get().errors).toEqual({});
  });

  it("puts the server's rules under the paths of its fields", async () => {
    const form = createForm({ name: 'x', week: [{ from: '10:00' }] }, () => ({}));
    const first = await form.submit(async () =>
      reply(400, { error: 'validation', details: { 'week.0.from': 'invalid', hours: 'invalid' } }),
    );
    expect(first).toBe('week');
    expect(form.$state.get().errors).toEqual({ 'week.0.from': 'invalid' });
    expect(form.$state.get().error).toBeNull();
    expect(form.refuse({ 'week.0': 'invalid', other: 'invalid' } as never)).toBe('week');
    expect(form.$state.get().errors).toEqual({ 'week.0': 'invalid' });
  });

  it('reads a value at a path', () => {
    expect(valueAt(initial(), 'week.1.to')).toBe('22:00');
    expect(valueAt(initial(), 'week.5.to')).toBeUndefined();
  });
});

describe('createForm with rules loaded on demand', () => {
  const rules = (values: { name: string; code: string }) => ({
    ...(values.name ? {} : { name: 'notEmpty' as const }),
    ...(/^\d{6}$/.test(values.code) ? {} : { code: 'invalid' as const }),
  });

  it('loads them at the first change only, and checks what was typed meanwhile once they are there', async () => {
    let loads = 0;
    const form = createForm({ name: '', code: '' }, { load: async () => (loads++, rules) });
    form.fill({ name: 'Ania' });
    expect(loads).toBe(0);
    form.setField('code', '12');
    form.setField('name', '');
    expect(form.$state.get().errors).toEqual({});
    await form.ready();
    expect(loads).toBe(1);
    expect(form.$state.get().errors).toEqual({ name: 'notEmpty', code: 'invalid' });
    form.setField('code', '123456');
    expect(form.$state.get().errors).toEqual({ name: 'notEmpty' });
  });

  it('checks the whole form once they have loaded, and refuses nothing before', async () => {
    const form = createForm({ name: '', code: '' }, { load: async () => rules });
    expect(() => form.check()).toThrow();
    const send = async () => reply(200, {});
    expect(await form.submit(send)).toBe('name');
    expect(form.$state.get().errors).toEqual({ name: 'notEmpty', code: 'invalid' });
    // Filling checks again only the fields in error.
    form.fill({ name: 'Ania', code: '1' });
    expect(form.$state.get().errors).toEqual({ code: 'invalid' });
  });

  it('asks for them again after a failed load', async () => {
    let failing = true;
    const form = createForm(
      { name: '', code: '' },
      {
        load: async () => {
          if (failing) throw new Error('offline');
          return rules;
        },
      },
    );
    await expect(form.ready()).rejects.toThrow('offline');
    failing = false;
    await form.ready();
    expect(form.check()).toBe('name');
  });
});
