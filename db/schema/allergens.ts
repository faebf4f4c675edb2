import { sql } from 'drizzle-orm';
import { check, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { ALLERGENS, type Allergen } from '#domain/allergens.ts';

/**
 * Allergen columns (issue 36, decision 050), on menu items, modifier options and order lines: the Annex II groups
 * a row contains and the ones it may contain as traces. Both null is "not given" (the shop says "ask the
 * restaurant"), which is not the same as two empty lists ("none of the fourteen"); one null without the other is
 * refused, and so is any value that is not one of the fourteen (server/domain/allergens.ts).
 */
export const allergenColumns = () => ({
  allergens: text('allergens').array().$type<Allergen[]>(),
  mayContain: text('may_contain').array().$type<Allergen[]>(),
});

const fourteen = sql.raw(`array[${ALLERGENS.map((a) => `'${a}'`).join(', ')}]::text[]`);

/** The checks that go with allergenColumns, named after the table. */
export const allergenChecks = (table: string, t: { allergens: AnyPgColumn; mayContain: AnyPgColumn }) => [
  check(`${table}_allergens_check`, sql`${t.allergens} <@ ${fourteen}`),
  check(`${table}_may_contain_check`, sql`${t.mayContain} <@ ${fourteen}`),
  check(`${table}_allergens_given_check`, sql`(${t.allergens} is null) = (${t.mayContain} is null)`),
];
