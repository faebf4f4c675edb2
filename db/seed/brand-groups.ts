import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  brandModifierGroups,
  brandModifierOptions,
  menuItems,
  modifierGroups,
  modifierOptions,
} from '../schema/index.ts';
import type { SeedMenu } from './menus.ts';

/**
 * The demo brands' shared modifier groups (issue 38, decision 058): groups a brand offers on many dishes, defined
 * once per brand and currency, as an operator would after seeing the same group on every pizza. Keys of the seed
 * menus' groups (db/seed/menus.ts).
 */
export const sharedSeedGroups: Record<string, readonly string[]> = {
  'pasta-fresca': ['extras'],
  'smash-club': ['dip'],
  'taco-loco': ['salsa'],
};

/**
 * Turns the brand's seeded copies of a group into linked copies of one definition per currency: the first copy is
 * the template (its texts in the restaurants' language with their translations, its scaled prices, its allergens),
 * and every copy of that name in the brand's restaurants selling in the currency is linked to it, option by
 * position. The shop's menus read the same rows as before.
 */
export async function shareSeedGroups(
  tx: Tx,
  conceptId: number,
  menu: SeedMenu,
  keys: readonly string[],
  restaurants: readonly { id: number; currency: string; written: (polish: string) => string }[],
): Promise<void> {
  const currencies = [...new Set(restaurants.map((r) => r.currency))];
  for (const currency of currencies) {
    const inCurrency = restaurants.filter((r) => r.currency === currency);
    const written = inCurrency[0]!.written;
    for (const key of keys) {
      const name = written(menu.groups[key]!.name);
      const copies = await tx
        .select({ id: modifierGroups.id })
        .from(modifierGroups)
        .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
        .where(
          and(
            inArray(
              menuItems.restaurantId,
              inCurrency.map((r) => r.id),
            ),
            eq(modifierGroups.name, name),
          ),
        )
        .orderBy(asc(modifierGroups.id));
      const template = copies[0];
      if (!template) continue;
      const [group] = await tx.select().from(modifierGroups).where(eq(modifierGroups.id, template.id));
      const options = await tx
        .select()
        .from(modifierOptions)
        .where(eq(modifierOptions.groupId, template.id))
        .orderBy(asc(modifierOptions.position));
      const [definition] = await tx
        .insert(brandModifierGroups)
        .values({
          conceptId,
          currency,
          name: group!.name,
          translations: group!.translations,
          required: group!.required,
          min: group!.min,
          max: group!.max,
        })
        .returning({ id: brandModifierGroups.id });
      await tx
        .update(modifierGroups)
        .set({ brandGroupId: definition!.id })
        .where(
          inArray(
            modifierGroups.id,
            copies.map((c) => c.id),
          ),
        );
      for (const option of options) {
        const [brandOption] = await tx
          .insert(brandModifierOptions)
          .values({
            brandGroupId: definition!.id,
            name: option.name,
            translations: option.translations,
            price: option.price,
            unavailable: option.unavailable,
            position: option.position,
            allergens: option.allergens,
            mayContain: option.mayContain,
          })
          .returning({ id: brandModifierOptions.id });
        await tx
          .update(modifierOptions)
          .set({ brandOptionId: brandOption!.id })
          .where(
            and(
              inArray(
                modifierOptions.groupId,
                copies.map((c) => c.id),
              ),
              eq(modifierOptions.position, option.position),
            ),
          );
      }
    }
  }
}
