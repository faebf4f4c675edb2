import { useCallback, useEffect, useState } from 'react';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import { POLISH_VAT_RATES } from '#domain/invoice.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { notifySuccess } from '#app/stores/notifications.ts';
import { ConfirmDialog } from '#app/shop/ConfirmDialog.tsx';
import { menuCategoryBody, menuItemBody, type MenuCategoryBody, type MenuItemBody } from '#domain/menu-forms.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import {
  MoneyField,
  NumberField,
  Section,
  SelectField,
  TextAreaField,
  TextField,
  CheckField,
} from '../forms/fields.tsx';
import { MenuDialogForm } from './MenuDialogForm.tsx';
import { ModifierGroups, Translations } from './MenuFields.tsx';
import { IngredientPicker } from '#app/admin/ingredients/IngredientPicker.tsx';
import { AllergenFields } from './AllergenFields.tsx';
import { AvailabilityFields } from './AvailabilityFields.tsx';
import { ItemPhotoField } from './ItemPhotoField.tsx';
import { MenuTools } from './MenuTools.tsx';
import { BrandGroupTool } from './BrandGroupTool.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { windowLabel, type AvailabilityWindow } from '#domain/menu-windows.ts';
import {
  $menuBusy,
  $menuEditor,
  $priceSelection,
  deleteRow,
  loadMenu,
  saveCategory,
  saveItem,
  selectCategory,
  setAvailable,
  toggleSelected,
} from './menu-store.ts';
import { itemValues, nextPosition, translationFields, type EditorCategory, type EditorItem } from './menu-form.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps } from '#app/ui/field.tsx';
import '#app/admin/forms/admin-forms.css';
import './menu-editor.css';

type Editing =
  { kind: 'category'; category: EditorCategory | null } | { kind: 'item'; item: EditorItem | null; categoryId: number };
type Deleting = { kind: 'category' | 'item'; id: number; name: string };

/**
 * A restaurant's menu on its admin show page (issue 16): categories in their order, each with its items (price,
 * available or not, modifier groups in the item's form); add, edit and delete (after a question) through forms in
 * a dialog; the availability box saves at once. Every change moves the restaurant's menu version, so the shop
 * and the brand sites show it on their next request. The menu and every call live in the menu store
 * (menu-store.ts, issue 33); the operator's tools (prices, copy, file; issue 38) are MenuTools under the list.
 */
export default function MenuEditor({ locale, restaurantId }: { locale: UiLocale; restaurantId: string }) {
  const t = inLocale(locale);
  const state = useStore($menuEditor);
  const busy = useStore($menuBusy);
  const selection = useStore($priceSelection);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);

  const failed = useCallback((key: string | undefined) => notifyFailed(key, locale), [locale]);

  useEffect(() => {
    void loadMenu(restaurantId);
  }, [restaurantId]);

  useEffect(() => {
    if (state.status === 'error') failed(state.key);
  }, [state, failed]);

  if (state.status !== 'ready') {
    return (
      <section className="admin-menu" aria-labelledby="admin-menu-title">
        <h2 id="admin-menu-title">{m.admin_menu_title({}, t)}</h2>
        <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>
      </section>
    );
  }
  const menu = state.menu;

  const money = (minor: number) => formatMoney(minor, menu.restaurant.currency as Currency, locale);
  const saved = () => {
    setEditing(null);
    notifySuccess(m.admin_forms_saved({}, t));
  };
  const windowChip = (availability: AvailabilityWindow | null) =>
    availability && (
      <span className="menu-window">{m.menus_availableBetween({ hours: windowLabel(availability) }, t)}</span>
    );

  /** Shows the new state at once and saves it; a refused change is undone by the store's reload. */
  const toggle = async (item: EditorItem, available: boolean) => {
    const answer = await setAvailable(item, available);
    if (!answer.ok) return failed(answer.key);
    notifySuccess(m.admin_forms_saved({}, t));
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const answer = await deleteRow(deleting.kind, deleting.id);
    setDeleting(null);
    if (!answer.ok) return failed(answer.key);
    notifySuccess(m.admin_forms_deleted({}, t));
  };

  const categoryOptions = menu.categories.map((c) => ({ value: c.id, label: c.name }));
  const firstCategory = menu.categories[0];

  return (
    <section className="admin-menu" aria-labelledby="admin-menu-title">
      <h2 id="admin-menu-title">{m.admin_menu_title({}, t)}</h2>
      <div className="admin-actions">
        <button className="button" type="button" onClick={() => setEditing({ kind: 'category', category: null })}>
          {m.admin_menu_addCategory({}, t)}
        </button>
        {firstCategory && (
          <button
            className="button"
            type="button"
            onClick={() => setEditing({ kind: 'item', item: null, categoryId: firstCategory.id })}
          >
            {m.admin_menu_addItem({}, t)}
          </button>
        )}
      </div>
      {menu.categories.length === 0 && <p>{m.admin_menu_empty({}, t)}</p>}
      {menu.categories.map((category) => (
        <section key={category.id} className="admin-menu-category" aria-labelledby={`admin-menu-c${category.id}`}>
          <div className="admin-menu-head">
            <h3 id={`admin-menu-c${category.id}`}>
              {category.name}
              {windowChip(category.availability)}
            </h3>
            {category.items.length > 0 && (
              <label className="menu-pick">
                <input
                  type="checkbox"
                  {...controlProps({
                    id: `admin-menu-pick-c${category.id}`,
                    label: m.menus_pickCategory({ name: category.name }, t),
                  })}
                  checked={category.items.every((i) => selection.has(i.id))}
                  onChange={(event) => selectCategory(category.id, event.target.checked)}
                />
                <span>{m.menus_pickCategory({ name: category.name }, t)}</span>
              </label>
            )}
            <span className="admin-hint">{m.admin_menu_positionShort({ position: category.position }, t)}</span>
            <button
              className="button admin-secondary"
              type="button"
              aria-label={m.admin_menu_editNamed({ name: category.name }, t)}
              onClick={() => setEditing({ kind: 'category', category })}
            >
              {m.admin_menu_edit({}, t)}
            </button>
            <button
              className="button admin-secondary"
              type="button"
              aria-label={m.admin_menu_addItemTo({ name: category.name }, t)}
              onClick={() => setEditing({ kind: 'item', item: null, categoryId: category.id })}
            >
              {m.admin_menu_addItem({}, t)}
            </button>
            <button
              className="button admin-danger"
              type="button"
              aria-label={m.admin_menu_deleteNamed({ name: category.name }, t)}
              onClick={() => setDeleting({ kind: 'category', id: category.id, name: category.name })}
            >
              {m.admin_forms_delete({}, t)}
            </button>
          </div>
          {category.items.length === 0 ? (
            <p className="admin-hint">{m.admin_menu_emptyCategory({}, t)}</p>
          ) : (
            <ul className="admin-menu-items">
              {category.items.map((item) => (
                <li key={item.id} data-item={item.id}>
                  <span className="admin-menu-name">
                    <label className="menu-pick">
                      <input
                        type="checkbox"
                        {...controlProps({ id: `admin-menu-pick-${item.id}`, label: item.name })}
                        checked={selection.has(item.id)}
                        aria-label={m.menus_pickItem({ name: item.name }, t)}
                        onChange={(event) => toggleSelected(item.id, event.target.checked)}
                      />
                      <span>{item.name}</span>
                    </label>
                    {windowChip(item.availability)}
                    {item.groups.length > 0 && (
                      <span className="admin-hint"> · {m.admin_menu_groupCount({ count: item.groups.length }, t)}</span>
                    )}
                  </span>
                  <span className="admin-menu-price">{money(item.price)}</span>
                  <label className="admin-menu-available">
                    <input
                      type="checkbox"
                      {...controlProps({ id: `admin-menu-available-${item.id}`, label: item.name })}
                      checked={!item.unavailable}
                      disabled={busy}
                      aria-label={m.admin_menu_availableNamed({ name: item.name }, t)}
                      onChange={(event) => void toggle(item, event.target.checked)}
                    />
                    <span aria-hidden="true">{m.admin_menu_available({}, t)}</span>
                  </label>
                  <span className="admin-menu-buttons">
                    <button
                      className="button admin-secondary"
                      type="button"
                      aria-label={m.admin_menu_editNamed({ name: item.name }, t)}
                      onClick={() => setEditing({ kind: 'item', item, categoryId: item.categoryId })}
                    >
                      {m.admin_menu_edit({}, t)}
                    </button>
                    <button
                      className="button admin-danger"
                      type="button"
                      aria-label={m.admin_menu_deleteNamed({ name: item.name }, t)}
                      onClick={() => setDeleting({ kind: 'item', id: item.id, name: item.name })}
                    >
                      {m.admin_forms_delete({}, t)}
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}

      <MenuTools locale={locale} menu={menu} onFailed={failed} />
      <BrandGroupTool locale={locale} menu={menu} onFailed={failed} />

      {editing?.kind === 'category' && (
        <MenuDialogForm<MenuCategoryBody>
          locale={locale}
          title={editing.category ? m.admin_menu_editCategory({}, t) : m.admin_menu_addCategory({}, t)}
          schema={menuCategoryBody}
          values={{
            name: editing.category?.name ?? '',
            translations: translationFields(editing.category?.translations ?? {}, false),
            position: editing.category?.position ?? nextPosition(menu.categories),
            availability: editing.category?.availability ?? null,
          }}
          save={(json) => saveCategory(editing.category?.id ?? null, json)}
          onSaved={saved}
          onFailed={failed}
          onClose={() => setEditing(null)}
        >
          <Section title={m.admin_menu_category({}, t)}>
            <TextField name="name" locale={locale} required label={m.admin_forms_field_name({}, t)} />
            <NumberField name="position" locale={locale} min={0} required label={m.admin_menu_field_position({}, t)} />
          </Section>
          <AvailabilityFields locale={locale} kind="category" />
          <Translations prefix="" locale={locale} />
        </MenuDialogForm>
      )}

      {editing?.kind === 'item' && (
        <MenuDialogForm<MenuItemBody>
          locale={locale}
          title={editing.item ? m.admin_menu_editItem({}, t) : m.admin_menu_addItem({}, t)}
          schema={menuItemBody}
          values={itemValues(
            editing.item,
            editing.categoryId,
            nextPosition(menu.categories.find((c) => c.id === editing.categoryId)?.items ?? []),
          )}
          save={(json) => saveItem(editing.item?.id ?? null, json)}
          onSaved={saved}
          onFailed={failed}
          onClose={() => setEditing(null)}
        >
          <Section title={m.admin_menu_item({}, t)}>
            <TextField name="name" locale={locale} required label={m.admin_forms_field_name({}, t)} />
            <SelectField
              name="categoryId"
              locale={locale}
              numeric
              required
              options={categoryOptions}
              label={m.admin_menu_field_categoryId({}, t)}
            />
            <MoneyField name="price" locale={locale} label={m.admin_menu_field_price({}, t)} />
            <SelectField
              name="vatRate"
              locale={locale}
              numeric
              options={POLISH_VAT_RATES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
              label={m.invoice_vatRate({}, t)}
            />
            <NumberField name="position" locale={locale} min={0} required label={m.admin_menu_field_position({}, t)} />
            <CheckField name="unavailable" locale={locale} label={m.admin_menu_field_unavailable({}, t)} />
            <CheckField name="resetPrices" locale={locale} label={m.admin_menu_field_resetPrices({}, t)} />
            <ItemPhotoField locale={locale} restaurantId={restaurantId} />
            <TextAreaField name="description" locale={locale} rows={3} label={m.admin_forms_field_description({}, t)} />
          </Section>
          <AvailabilityFields locale={locale} kind="item" />
          <Translations prefix="" locale={locale} withDesc />
          <IngredientPicker locale={locale} restaurantId={restaurantId} itemId={editing.item?.id ?? null} />
          <AllergenFields prefix="" locale={locale} />
          <ModifierGroups locale={locale} brandGroups={menu.brand?.groups ?? []} currency={menu.restaurant.currency} />
        </MenuDialogForm>
      )}

      {deleting && (
        <ConfirmDialog
          className="admin-dialog admin-menu-confirm"
          title={m.admin_forms_delete({}, t)}
          text={
            deleting.kind === 'category'
              ? m.admin_menu_deleteCategoryConfirm({ name: deleting.name }, t)
              : m.admin_menu_deleteItemConfirm({ name: deleting.name }, t)
          }
          cancelLabel={m.admin_forms_cancel({}, t)}
          confirmLabel={m.admin_forms_delete({}, t)}
          cancelClassName="button admin-secondary"
          confirmClassName="button admin-danger"
          busy={busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
