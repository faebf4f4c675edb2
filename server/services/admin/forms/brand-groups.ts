import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import {
  brandModifierGroups,
  brandModifierOptions,
  concepts,
  locations,
  menuItems,
  modifierGroups,
  modifierOptions,
  restaurants,
} from '#db/schema/index.ts';
import type { MenuTranslations } from '#db/schema/catalogue.ts';
import {
  attachProblems,
  brandGroupProblems,
  brandGroupValues,
  brandOptionValues,
  copyOptionPlan,
  foreignOptionProblems,
  type BrandGroupBody,
  type BrandGroupCreateBody,
} from '#domain/brand-groups.ts';
import { allergenColumnsOf, allergenInfoOf, type AllergenInfo } from '#domain/allergens.ts';
import { type Currency, countryOf, currencyOf } from '#domain/money.ts';
import type { FieldRule } from '#domain/errors.ts';
import { notFound, validationError } from '#server/errors.ts';
import type { ServiceCtx } from '#server/context.ts';
import { withTransaction } from '#db/transaction.ts';
import { audit } from './context.ts';

/*
 * Modifier groups defined once per brand (issue 38, decision 058). The definition lives in brand_modifier_groups and
 * brand_modifier_options; a dish that attaches one gets an ordinary modifier_groups row (brand_group_id) with its
 * options (brand_option_id), which the shop, the basket and orders read as any other group. Editing the definition
 * rewrites every copy in the same transaction, matching options by their link, so the option ids baskets hold
 * survive; an option removed from the definition is deleted from every copy, as the item form's delete does (a
 * basket holding it finds its line unavailable, an order line keeps its name and price).
 */

type Reader = Db | Tx;

export type BrandGroupOption = {
  id: number;
  name: string;
  translations: MenuTranslations;
  price: number;
  unavailable: boolean;
  allergens: AllergenInfo;
};
export type BrandGroup = {
  id: number;
  currency: Currency;
  name: string;
  translations: MenuTranslations;
  required: boolean;
  min: number;
  max: number;
  options: BrandGroupOption[];
};
export type BrandGroupWithDishes = BrandGroup & {
  /** The active dishes holding a copy, with their restaurants. */
  attachedTo: { itemId: number; name: string; restaurantId: number; restaurantName: string }[];
};

/** The definitions of a brand (in one currency, or all), by name, each with its options in their order. */
export async function brandGroupsOf(db: Reader, conceptId: number, currency?: Currency): Promise<BrandGroup[]> {
  const groups = await db
    .select()
    .from(brandModifierGroups)
    .where(
      and(
        eq(brandModifierGroups.conceptId, conceptId),
        currency ? eq(brandModifierGroups.currency, currency) : undefined,
      ),
    )
    .orderBy(asc(brandModifierGroups.name), asc(brandModifierGroups.id));
  if (groups.length === 0) return [];
  const options = await db
    .select()
    .from(brandModifierOptions)
    .where(
      inArray(
        brandModifierOptions.brandGroupId,
        groups.map((g) => g.id),
      ),
    )
    .orderBy(asc(brandModifierOptions.position), asc(brandModifierOptions.id));
  return groups.map((g) => ({
    id: g.id,
    currency: g.currency as Currency,
    name: g.name,
    translations: g.translations,
    required: g.required,
    min: g.min,
    max: g.max,
    options: options
      .filter((o) => o.brandGroupId === g.id)
      .map((o) => ({
        id: o.id,
        name: o.name,
        translations: o.translations,
        price: o.price,
        unavailable: o.unavailable,
        allergens: allergenInfoOf(o),
      })),
  }));
}

async function conceptOf(db: Reader, conceptId: number) {
  const [row] = await db
    .select({ id: concepts.id, name: concepts.name })
    .from(concepts)
    .where(eq(concepts.id, conceptId));
  if (!row) throw notFound();
  return row;
}

/** The brand's restaurants with their currencies: who may edit its groups, and which currencies a group may take. */
export async function brandRestaurants(db: Reader, conceptId: number) {
  const rows = await db
    .select({ id: restaurants.id, name: restaurants.name, country: locations.country })
    .from(restaurants)
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(and(eq(restaurants.conceptId, conceptId), eq(restaurants.active, true)))
    .orderBy(asc(restaurants.name));
  return rows.map((r) => ({ id: r.id, name: r.name, currency: currencyOf(countryOf(r.country)) }));
}

/** A brand's groups for its screen: every definition with the dishes holding a copy. */
export async function listBrandGroups(ctx: ServiceCtx<'db'>, conceptId: number) {
  const brand = await conceptOf(ctx.db, conceptId);
  const [groups, restaurantRows] = await Promise.all([
    brandGroupsOf(ctx.db, conceptId),
    brandRestaurants(ctx.db, conceptId),
  ]);
  const copies =
    groups.length === 0
      ? []
      : await ctx.db
          .select({
            brandGroupId: modifierGroups.brandGroupId,
            itemId: menuItems.id,
            name: menuItems.name,
            restaurantId: restaurants.id,
            restaurantName: restaurants.name,
          })
          .from(modifierGroups)
          .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
          .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
          .where(
            and(
              inArray(
                modifierGroups.brandGroupId,
                groups.map((g) => g.id),
              ),
              eq(menuItems.active, true),
            ),
          )
          .orderBy(asc(restaurants.name), asc(menuItems.name));
  const currencies = [...new Set(restaurantRows.map((r) => r.currency))];
  return {
    brand: { ...brand, currencies },
    groups: groups.map((g): BrandGroupWithDishes => ({
      ...g,
      attachedTo: copies.filter((c) => c.brandGroupId === g.id).map(({ brandGroupId: _group, ...dish }) => dish),
    })),
  };
}

/**
 * What a call on a brand group reaches, for the kitchen manager's scope check before anything is written: the
 * brand's restaurants and the restaurants of the dishes holding a copy. notFound for an unknown group.
 */
export async function brandGroupReach(db: Reader, groupId: number) {
  const [group] = await db
    .select({ conceptId: brandModifierGroups.conceptId })
    .from(brandModifierGroups)
    .where(eq(brandModifierGroups.id, groupId));
  if (!group) throw notFound();
  const [brand, attached] = await Promise.all([
    brandRestaurants(db, group.conceptId),
    db
      .selectDistinct({ id: menuItems.restaurantId })
      .from(modifierGroups)
      .innerJoin(menuItems, eq(menuItems.id, modifierGroups.menuItemId))
      .where(eq(modifierGroups.brandGroupId, groupId)),
  ]);
  return {
    conceptId: group.conceptId,
    brandRestaurantIds: brand.map((r) => r.id),
    attachedRestaurantIds: attached.map((r) => r.id),
  };
}

function check(problems: Record<string, FieldRule>): void {
  if (Object.keys(problems).length > 0) throw validationError(problems);
}

const optionColumns = (o: typeof brandModifierOptions.$inferSelect) => ({
  name: o.name,
  translations: o.translations,
  price: o.price,
  unavailable: o.unavailable,
  position: o.position,
  allergens: o.allergens,
  mayContain: o.mayContain,
});
const groupColumns = (g: typeof brandModifierGroups.$inferSelect) => ({
  name: g.name,
  translations: g.translations,
  required: g.required,
  min: g.min,
  max: g.max,
});

/** Writes the definition's options as the body lists them: given ids updated, new ones added, the rest deleted. */
async function writeOptions(tx: Tx, groupId: number, body: BrandGroupBody): Promise<void> {
  const kept = body.options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
  const existing = await tx
    .select({ id: brandModifierOptions.id })
    .from(brandModifierOptions)
    .where(eq(brandModifierOptions.brandGroupId, groupId));
  check(
    foreignOptionProblems(
      body,
      existing.map((o) => o.id),
    ),
  );
  const removed = existing.map((o) => o.id).filter((id) => !kept.includes(id));
  // Their copies go with them (brand_option_id cascades): the same deletion as the item form's.
  if (removed.length > 0) await tx.delete(brandModifierOptions).where(inArray(brandModifierOptions.id, removed));
  for (const [position, option] of body.options.entries()) {
    const values = {
      ...brandOptionValues(option, position),
      ...(option.allergens === undefined ? {} : allergenColumnsOf(option.allergens)),
    };
    if (option.id === undefined) await tx.insert(brandModifierOptions).values({ brandGroupId: groupId, ...values });
    else await tx.update(brandModifierOptions).set(values).where(eq(brandModifierOptions.id, option.id));
  }
}

/** The definition as stored, with its options in their order. */
async function definitionOf(tx: Reader, groupId: number) {
  const [group] = await tx.select().from(brandModifierGroups).where(eq(brandModifierGroups.id, groupId));
  if (!group) throw notFound();
  const options = await tx
    .select()
    .from(brandModifierOptions)
    .where(eq(brandModifierOptions.brandGroupId, groupId))
    .orderBy(asc(brandModifierOptions.position), asc(brandModifierOptions.id));
  return { group, options };
}
type Definition = Awaited<ReturnType<typeof definitionOf>>;

/** Makes every copy of the group what the definition says; answers how many copies there are. */
async function syncCopies(tx: Tx, definition: Definition): Promise<number> {
  const { group, options } = definition;
  const copies = await tx
    .update(modifierGroups)
    .set(groupColumns(group))
    .where(eq(modifierGroups.brandGroupId, group.id))
    .returning({ id: modifierGroups.id });
  if (copies.length === 0) return 0;
  const copyIds = copies.map((c) => c.id);
  const copyOptions = await tx
    .select({ id: modifierOptions.id, groupId: modifierOptions.groupId, brandOptionId: modifierOptions.brandOptionId })
    .from(modifierOptions)
    .where(inArray(modifierOptions.groupId, copyIds));
  const plan = copyOptionPlan(
    options.map((o) => o.id),
    copyIds,
    copyOptions,
  );
  if (plan.remove.length > 0) await tx.delete(modifierOptions).where(inArray(modifierOptions.id, plan.remove));
  // One statement per definition option, whatever the number of copies: matched by the link, ids kept.
  for (const option of options) {
    await tx.update(modifierOptions).set(optionColumns(option)).where(eq(modifierOptions.brandOptionId, option.id));
  }
  const byId = new Map(options.map((o) => [o.id, o]));
  const added = plan.add.flatMap(({ groupId, brandOptionId }) => {
    const option = byId.get(brandOptionId);
    return option ? [{ groupId, brandOptionId, ...optionColumns(option) }] : [];
  });
  if (added.length > 0) await tx.insert(modifierOptions).values(added);
  return copies.length;
}

/** Writes a dish's copy of the definition at a position of its groups; answers the copy's id. */
async function writeCopy(tx: Tx, itemId: number, definition: Definition, position: number): Promise<number> {
  const [row] = await tx
    .insert(modifierGroups)
    .values({ menuItemId: itemId, brandGroupId: definition.group.id, position, ...groupColumns(definition.group) })
    .returning({ id: modifierGroups.id });
  if (!row) throw new Error('insert returned nothing');
  if (definition.options.length > 0) {
    await tx
      .insert(modifierOptions)
      .values(definition.options.map((o) => ({ groupId: row.id, brandOptionId: o.id, ...optionColumns(o) })));
  }
  return row.id;
}

/**
 * The item form's way in (menu.ts writeGroups, and a copy or import of a menu): a copy of the brand group for the
 * dish at this position, when the group is of the dish's brand and currency; null when it is not (the caller
 * refuses, or writes the file's group as one of the dish's own).
 */
export async function writeCopyForItem(
  tx: Tx,
  itemId: number,
  brandGroupId: number,
  position: number,
): Promise<number | null> {
  const [item] = await tx
    .select({ conceptId: restaurants.conceptId, country: locations.country })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(eq(menuItems.id, itemId));
  const definition = await definitionOf(tx, brandGroupId).catch(() => null);
  if (!item || !definition) return null;
  if (definition.group.conceptId !== item.conceptId) return null;
  if (definition.group.currency !== currencyOf(countryOf(item.country))) return null;
  return writeCopy(tx, itemId, definition, position);
}

/** The definition's view after a write. */
async function viewOf(tx: Reader, groupId: number): Promise<BrandGroup> {
  const definition = await definitionOf(tx, groupId);
  const [view] = (await brandGroupsOf(tx, definition.group.conceptId)).filter((g) => g.id === groupId);
  if (!view) throw notFound();
  return view;
}

/** Defines a new group for the brand, in the currency its prices are in. */
export function createBrandGroup(
  ctx: ServiceCtx<'db'>,
  conceptId: number,
  body: BrandGroupCreateBody,
): Promise<BrandGroup> {
  const { currency, ...definition } = body;
  check(brandGroupProblems(definition));
  return withTransaction(ctx, async ({ db: tx }) => {
    await conceptOf(tx, conceptId);
    const [row] = await tx
      .insert(brandModifierGroups)
      .values({ conceptId, currency, ...brandGroupValues(definition) })
      .returning({ id: brandModifierGroups.id });
    if (!row) throw new Error('insert returned nothing');
    await writeOptions(tx, row.id, definition);
    await audit(tx, ctx, 'brandModifierGroup.created', 'brandModifierGroup', row.id, { conceptId, ...body });
    return viewOf(tx, row.id);
  });
}

/**
 * Edits the definition and, in the same transaction, every dish's copy: texts, prices, choice rules, options added
 * and removed. The audit row names how many copies followed.
 */
export function updateBrandGroup(ctx: ServiceCtx<'db'>, id: number, body: BrandGroupBody) {
  check(brandGroupProblems(body));
  return withTransaction(ctx, async ({ db: tx }) => {
    // Locked, so that two edits of one definition write its copies one after the other.
    const [row] = await tx
      .update(brandModifierGroups)
      .set(brandGroupValues(body))
      .where(eq(brandModifierGroups.id, id))
      .returning({ id: brandModifierGroups.id });
    if (!row) throw notFound();
    await writeOptions(tx, id, body);
    const copies = await syncCopies(tx, await definitionOf(tx, id));
    await audit(tx, ctx, 'brandModifierGroup.updated', 'brandModifierGroup', id, { ...body, copies });
    return { group: await viewOf(tx, id), copies };
  });
}

/** Deletes the definition and every copy with it: the dishes no longer offer the group. */
export const deleteBrandGroup = (ctx: ServiceCtx<'db'>, id: number): Promise<void> =>
  withTransaction(ctx, async ({ db: tx }) => {
    const copies = await tx
      .select({ itemId: modifierGroups.menuItemId })
      .from(modifierGroups)
      .where(eq(modifierGroups.brandGroupId, id));
    const [row] = await tx
      .delete(brandModifierGroups)
      .where(eq(brandModifierGroups.id, id))
      .returning({ id: brandModifierGroups.id });
    if (!row) throw notFound();
    await audit(tx, ctx, 'brandModifierGroup.deleted', 'brandModifierGroup', id, {
      detachedFrom: copies.map((c) => c.itemId),
    });
  });

/** The active dishes named, with their brand and currency, for the attach rules. */
async function attachTargets(tx: Tx, itemIds: number[]) {
  const rows = await tx
    .select({ id: menuItems.id, conceptId: restaurants.conceptId, country: locations.country })
    .from(menuItems)
    .innerJoin(restaurants, eq(restaurants.id, menuItems.restaurantId))
    .innerJoin(locations, eq(locations.id, restaurants.locationId))
    .where(and(inArray(menuItems.id, itemIds), eq(menuItems.active, true)));
  return rows.map((r) => ({ id: r.id, conceptId: r.conceptId, currency: currencyOf(countryOf(r.country)) }));
}

/**
 * Attaches the group to dishes of the brand sold in its currency, all or none: each gets a copy after its own
 * groups. A dish already holding one keeps it (answered in `already`).
 */
export function attachBrandGroup(ctx: ServiceCtx<'db'>, id: number, itemIds: number[]) {
  return withTransaction(ctx, async ({ db: tx }) => {
    const definition = await definitionOf(tx, id);
    check(attachProblems(itemIds, await attachTargets(tx, itemIds), definition.group));
    const holding = await tx
      .select({ itemId: modifierGroups.menuItemId })
      .from(modifierGroups)
      .where(and(eq(modifierGroups.brandGroupId, id), inArray(modifierGroups.menuItemId, itemIds)));
    const already = holding.map((h) => h.itemId);
    const last = await tx
      .select({ itemId: modifierGroups.menuItemId, position: max(modifierGroups.position) })
      .from(modifierGroups)
      .where(inArray(modifierGroups.menuItemId, itemIds))
      .groupBy(modifierGroups.menuItemId);
    const next = new Map(last.map((l) => [l.itemId, (l.position ?? -1) + 1]));
    const attached: number[] = [];
    for (const itemId of itemIds) {
      if (already.includes(itemId)) continue;
      await writeCopy(tx, itemId, definition, next.get(itemId) ?? 0);
      await audit(tx, ctx, 'menuItem.updated', 'menuItem', itemId, { brandGroupAttached: id });
      attached.push(itemId);
    }
    return { attached, already };
  });
}

/**
 * Detaches the group from dishes: their copies are deleted as the item form deletes a group (a basket holding one
 * of its options finds the line unavailable; an order line keeps its name and price).
 */
export function detachBrandGroup(ctx: ServiceCtx<'db'>, id: number, itemIds: number[]) {
  return withTransaction(ctx, async ({ db: tx }) => {
    await definitionOf(tx, id);
    const removed = await tx
      .delete(modifierGroups)
      .where(and(eq(modifierGroups.brandGroupId, id), inArray(modifierGroups.menuItemId, itemIds)))
      .returning({ itemId: modifierGroups.menuItemId });
    for (const { itemId } of removed) {
      await audit(tx, ctx, 'menuItem.updated', 'menuItem', itemId, { brandGroupDetached: id });
    }
    return { detached: removed.map((r) => r.itemId) };
  });
}
