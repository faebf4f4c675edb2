import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import * as basketSql from './basket.ts';
import * as ordersSql from './orders.ts';
import * as placeOrderSql from './place-order.ts';
import { declare, run, StatementRowError } from './statement.ts';

const lineRead = declare({
  name: 'lineRead',
  sql: `select id, quantity, option_ids as "optionIds" from basket_items
  where basket_id = :basketId::text::uuid and id = :lineId::int and basket_id is not null and :basketId::text <> ''`,
  params: ['basketId', 'lineId'],
  row: type({ id: 'number', quantity: 'number', optionIds: 'number[]' }),
  json: ['optionIds'],
});

describe('a declared statement', () => {
  it('sends its named parameters as $1 … $n in the order they are listed, each name as often as the text uses it', () => {
    expect(lineRead.text).toContain('basket_id = $1::text::uuid and id = $2::int');
    expect(lineRead.text).toContain("$1::text <> ''");
    expect(lineRead.text).not.toMatch(/(?<!:):[a-z]/i);
    expect(lineRead.bind({ lineId: 7, basketId: 'b' }).params).toEqual(['b', 7]);
  });

  it('fails at start when a listed parameter is not in the text, or the text names one that is not listed', () => {
    expect(() => declare({ name: 'unused', sql: 'select :a::int', params: ['a', 'b'] })).toThrow(
      'statement unused: parameters not used once each: b',
    );
    expect(() => declare({ name: 'stray', sql: 'select :a::int, :c::int', params: ['a'] })).toThrow(
      'statement stray: :c is not one of its parameters',
    );
    // A colon inside a string literal or a cast is not a parameter.
    expect(() => declare({ name: 'literal', sql: "select 'at 10:30' || :a::text", params: ['a'] })).not.toThrow();
  });

  it('decodes its rows by its schema, a JSON column given as text included', async () => {
    const query = async () => [{ id: 3, quantity: 2, optionIds: '[4,5]' }];
    expect(await run(query, lineRead, { basketId: 'b', lineId: 3 })).toEqual([
      { id: 3, quantity: 2, optionIds: [4, 5] },
    ]);
  });

  it('refuses a row that is not what it promises, naming the statement and the column', async () => {
    const query = async () => [{ id: '3', quantity: 2, optionIds: [] }];
    const read = run(query, lineRead, { basketId: 'b', lineId: 3 });
    await expect(read).rejects.toBeInstanceOf(StatementRowError);
    await expect(read).rejects.toThrow('statement lineRead: a row does not decode: id must be a number (was a string)');
  });

  it('holds for every statement of the hot paths: each names its parameters once, in the order they travel', () => {
    const declared = [
      ...Object.values(basketSql),
      ...Object.values(ordersSql),
      ...Object.values(placeOrderSql),
    ].flatMap((value) => (typeof value === 'object' && 'bind' in value ? [value] : []));
    expect(declared.length).toBeGreaterThan(30);
    for (const statement of declared) {
      expect(statement.text, statement.name).not.toMatch(/(?<![:\w]):[a-z]\w*/i);
      statement.params.forEach((_, i) =>
        expect(statement.text, statement.name).toMatch(new RegExp(`\\$${i + 1}(?!\\d)`)),
      );
    }
  });
});
