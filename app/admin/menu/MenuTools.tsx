import { useState, type FormEvent } from 'react';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { useStore } from '#app/stores/use-store.ts';
import { notifySuccess } from '#app/stores/notifications.ts';
import type { Answer } from '#app/api-answer.ts';
import { Checkbox, RadioGroup, Select, TextInput } from '#app/ui/field.tsx';
import type { FieldRule } from '#domain/errors.ts';
import type { CopyOverwrite } from '#domain/menu-tools.ts';
import type { MenuFile } from '#domain/menu-file.ts';
import type { EditorMenu } from './menu-form.ts';
import {
  $menuBusy,
  $selectedItems,
  changePrices,
  clearSelection,
  copyMenu,
  exportHref,
  importMenu,
} from './menu-store.ts';
import './menu-tools.css';

type Props = { locale: UiLocale; menu: EditorMenu; onFailed: (key: string | undefined) => void };

/** The first field rule a refusal names (its details), translated; none for another kind of refusal. */
function firstRule(answer: Answer<unknown>, locale: UiLocale): string | undefined {
  if (answer.ok) return undefined;
  const rule = Object.values(answer.details)[0];
  return typeof rule === 'string' ? fieldMessage(rule as FieldRule, locale) : undefined;
}

/**
 * The brand operator's tools under the menu (issue 38): a price change for the dishes ticked in the list, a copy
 * of a category or the whole menu to the brand's other restaurants, and the menu as a file (export and import).
 * Each is a form of its own; every call goes through the menu store.
 */
export function MenuTools({ locale, menu, onFailed }: Props) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const busy = useStore($menuBusy) || !hydrated;
  const selected = useStore($selectedItems);
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const [priceError, setPriceError] = useState<string | undefined>();
  const [targets, setTargets] = useState<number[]>([]);
  const [copyCategory, setCopyCategory] = useState('');
  const [copyOverwrite, setCopyOverwrite] = useState<CopyOverwrite>('sameName');
  const [copyError, setCopyError] = useState<string | undefined>();
  const [importOverwrite, setImportOverwrite] = useState<CopyOverwrite>('sameName');
  const [importError, setImportError] = useState<string | undefined>();

  const overwriteOptions = (withMenu: boolean) =>
    [
      ...(withMenu ? [{ value: 'menu' as const, label: m.menus_overwrite_menu({}, t) }] : []),
      { value: 'sameName' as const, label: m.menus_overwrite_sameName({}, t) },
      { value: 'nothing' as const, label: m.menus_overwrite_nothing({}, t) },
    ] as const;

  const onPrices = async (event: FormEvent) => {
    event.preventDefault();
    // Typed in main units ("2,50" zł) for an amount; the API takes minor units.
    const typed = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(typed) || typed === 0) {
      setPriceError(fieldMessage('invalid', locale));
      return;
    }
    setPriceError(undefined);
    const change =
      kind === 'percent' ? { kind, value: Math.round(typed * 100) / 100 } : { kind, value: Math.round(typed * 100) };
    const answer = await changePrices(change);
    if (answer.ok) {
      notifySuccess(m.menus_prices_changed({ count: answer.data.items.length }, t));
      setValue('');
      return;
    }
    setPriceError(firstRule(answer, locale));
    onFailed(answer.key);
  };

  const onCopy = async (event: FormEvent) => {
    event.preventDefault();
    if (targets.length === 0) {
      setCopyError(fieldMessage('notEmpty', locale));
      return;
    }
    setCopyError(undefined);
    const categoryId = copyCategory === '' ? undefined : Number(copyCategory);
    const overwrite = categoryId !== undefined && copyOverwrite === 'menu' ? 'sameName' : copyOverwrite;
    const answer = await copyMenu({
      targetRestaurantIds: targets,
      overwrite,
      ...(categoryId === undefined ? {} : { categoryId }),
    });
    if (answer.ok) {
      notifySuccess(m.menus_copy_done({ count: targets.length }, t));
      return;
    }
    setCopyError(firstRule(answer, locale));
    onFailed(answer.key);
  };

  const onImport = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('menu-file') as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) {
      setImportError(fieldMessage('notEmpty', locale));
      return;
    }
    let parsed: MenuFile;
    try {
      parsed = JSON.parse(await file.text()) as MenuFile;
    } catch {
      setImportError(fieldMessage('invalid', locale));
      return;
    }
    setImportError(undefined);
    const answer = await importMenu(parsed, importOverwrite);
    if (answer.ok) {
      notifySuccess(m.menus_import_done({}, t));
      if (input) input.value = '';
      return;
    }
    setImportError(firstRule(answer, locale) ?? fieldMessage('invalid', locale));
    onFailed(answer.key);
  };

  return (
    <section className="menu-tools" aria-labelledby="menu-tools-title">
      <h3 id="menu-tools-title">{m.menus_tools_title({}, t)}</h3>

      <form className="menu-tool" method="post" noValidate onSubmit={(event) => void onPrices(event)}>
        <h4>{m.menus_prices_title({}, t)}</h4>
        <p className="admin-hint" aria-live="polite">
          {m.menus_prices_selected({ count: selected.length }, t)}
        </p>
        <div className="menu-tool-row">
          <Select
            id="menu-prices-kind"
            look="admin"
            label={m.menus_prices_kind({}, t)}
            value={kind}
            options={[
              { value: 'percent', label: m.menus_prices_percent({}, t) },
              { value: 'amount', label: m.menus_prices_amount({ currency: menu.restaurant.currency }, t) },
            ]}
            onChange={(event) => setKind(event.target.value as 'percent' | 'amount')}
          />
          <TextInput
            id="menu-prices-value"
            look="admin"
            inputMode="decimal"
            label={m.menus_prices_value({}, t)}
            hint={m.menus_prices_valueHint({}, t)}
            error={priceError}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        </div>
        <div className="admin-actions">
          <button className="button" type="submit" disabled={busy || selected.length === 0}>
            {m.menus_prices_apply({}, t)}
          </button>
          <button
            className="button admin-secondary"
            type="button"
            disabled={busy || selected.length === 0}
            onClick={clearSelection}
          >
            {m.menus_prices_clear({}, t)}
          </button>
        </div>
      </form>

      <form className="menu-tool" method="post" noValidate onSubmit={(event) => void onCopy(event)}>
        <h4>{m.menus_copy_title({}, t)}</h4>
        {menu.brandRestaurants.length === 0 ? (
          <p className="admin-hint">{m.menus_copy_none({}, t)}</p>
        ) : (
          <>
            <fieldset
              className="menu-tool-targets"
              aria-invalid={copyError ? true : undefined}
              aria-describedby={copyError ? 'menu-copy-error' : undefined}
            >
              <legend>{m.menus_copy_targets({}, t)}</legend>
              {menu.brandRestaurants.map((restaurant) => (
                <Checkbox
                  key={restaurant.id}
                  id={`menu-copy-target-${restaurant.id}`}
                  look="admin"
                  label={restaurant.name}
                  checked={targets.includes(restaurant.id)}
                  onChange={(event) =>
                    setTargets((now) =>
                      event.target.checked ? [...now, restaurant.id] : now.filter((id) => id !== restaurant.id),
                    )
                  }
                />
              ))}
            </fieldset>
            <Select
              id="menu-copy-category"
              look="admin"
              label={m.menus_copy_what({}, t)}
              value={copyCategory}
              options={[
                { value: '', label: m.menus_copy_wholeMenu({}, t) },
                ...menu.categories.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
              onChange={(event) => setCopyCategory(event.target.value)}
            />
            <RadioGroup
              id="menu-copy-overwrite"
              look="admin"
              name="menu-copy-overwrite"
              label={m.menus_overwrite_label({}, t)}
              value={copyCategory !== '' && copyOverwrite === 'menu' ? 'sameName' : copyOverwrite}
              options={overwriteOptions(copyCategory === '')}
              onChange={setCopyOverwrite}
            />
            {copyError && (
              <p id="menu-copy-error" className="admin-error">
                {copyError}
              </p>
            )}
            <div className="admin-actions">
              <button className="button" type="submit" disabled={busy}>
                {m.menus_copy_submit({}, t)}
              </button>
            </div>
          </>
        )}
      </form>

      <form className="menu-tool" method="post" noValidate onSubmit={(event) => void onImport(event)}>
        <h4>{m.menus_file_title({}, t)}</h4>
        <p className="menu-tool-links">
          <a className="button admin-secondary" href={exportHref('json')} download>
            {m.menus_file_exportJson({}, t)}
          </a>
          <a className="button admin-secondary" href={exportHref('csv')} download>
            {m.menus_file_exportCsv({}, t)}
          </a>
        </p>
        <TextInput
          id="menu-import-file"
          look="admin"
          type="file"
          name="menu-file"
          accept="application/json,.json"
          label={m.menus_file_import({}, t)}
          hint={m.menus_file_importHint({}, t)}
          error={importError}
        />
        <RadioGroup
          id="menu-import-overwrite"
          look="admin"
          name="menu-import-overwrite"
          label={m.menus_overwrite_label({}, t)}
          value={importOverwrite}
          options={overwriteOptions(true)}
          onChange={setImportOverwrite}
        />
        <div className="admin-actions">
          <button className="button" type="submit" disabled={busy}>
            {m.menus_file_importSubmit({}, t)}
          </button>
        </div>
      </form>
    </section>
  );
}
