import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import type { Locale } from '#domain/localized-routes.ts';
import { formatMoney, type Currency } from '#domain/money.ts';
import { choiceBounds } from '#domain/modifiers.ts';
import { chosenAllergens, groupsToFix, toggleOption, unitPrice } from './item-choice.ts';
import { allergensOfChoice } from '#domain/allergens.ts';
import { Allergens } from '#app/allergens/Allergens.tsx';
import { fill } from './texts.ts';
import { Photo } from './Photo.tsx';
import type { MenuGroup, MenuItem, MenuTexts } from './types.ts';
import './item-dialog.css';

type Props = {
  item: MenuItem;
  currency: Currency;
  locale: Locale;
  texts: MenuTexts;
  busy: boolean;
  /** The refusal the basket answered the last add with, translated; null when there is none. */
  error: string | null;
  onAdd: (optionIds: number[], quantity: number) => void;
  onClose: () => void;
};

function groupHint(group: MenuGroup, texts: MenuTexts): string {
  const { min, max } = choiceBounds(group);
  const need = group.required ? texts.required : texts.optional;
  if (max === Infinity) return need;
  if (min === max) return `${need} · ${fill(texts.chooseExactly, { count: max })}`;
  if (min > 0) return `${need} · ${fill(texts.chooseBetween, { min, max })}`;
  return `${need} · ${fill(texts.chooseUpTo, { max })}`;
}

/**
 * One menu item's options (modifier groups) and quantity, in a modal <dialog>: the browser keeps focus inside it and
 * closes it on Escape. Adding is refused, with the spec's 'Please select required options', until every group's
 * required / min / max is met; the first group in error then takes the focus.
 */
export function ItemDialog({ item, currency, locale, texts, busy, error, onAdd, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [picked, setSelected] = useState<number[]>([]);
  // An option the kitchen has run out of since it was ticked (the page follows the kitchen live) is no longer chosen.
  const selected = picked.filter((optionId) =>
    item.groups.some((g) => g.options.some((o) => o.id === optionId && !o.unavailable)),
  );
  const [quantity, setQuantity] = useState(1);
  const [tried, setTried] = useState(false);
  const id = useId();
  const toFix = groupsToFix(item.groups, selected);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (item.unavailable) return;
    if (toFix.length > 0) {
      const first = dialog.current?.querySelector<HTMLInputElement>(`[data-group="${toFix[0]}"] input`);
      first?.scrollIntoView({ block: 'center' });
      first?.focus();
      return;
    }
    onAdd(selected, quantity);
  };

  const price = unitPrice(item, selected) * quantity;
  // The dish itself ran out while its dialog was open: it says so, and it cannot be added.
  const message = item.unavailable
    ? texts.itemUnavailable
    : tried && toFix.length > 0
      ? texts.errors['requiredOptions']
      : error;

  return (
    <Dialog dialogRef={dialog} className="item-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form method="dialog" onSubmit={submit} noValidate>
        <header>
          <h2 id={`${id}-title`}>{item.name}</h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={texts.close}>
            ×
          </button>
        </header>
        <Photo
          photo={item.photo}
          width={504}
          sizes="(max-width: 36rem) calc(100vw - 4.5rem), 31.5rem"
          lazy={false}
          className="item-dialog-photo"
        />
        {item.desc && <p className="desc">{item.desc}</p>}
        {item.groups.map((group) => {
          const max = choiceBounds(group).max;
          const invalid = tried && toFix.includes(group.id);
          return (
            <fieldset
              key={group.id}
              data-group={group.id}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
            >
              <legend>
                {group.name} <span className="hint">{groupHint(group, texts)}</span>
              </legend>
              {group.options.map((option) => (
                <label key={option.id} className={option.unavailable ? 'option unavailable' : 'option'}>
                  <input
                    type={max === 1 ? 'radio' : 'checkbox'}
                    name={`group-${group.id}`}
                    value={option.id}
                    checked={selected.includes(option.id)}
                    disabled={option.unavailable}
                    onChange={() => setSelected(toggleOption(item.groups, selected, option.id))}
                    onClick={(event) => {
                      // A checked radio clicked again is unchosen, as a one-choice optional group allows.
                      if (max === 1 && selected.includes(option.id) && !group.required) {
                        event.preventDefault();
                        setSelected(toggleOption(item.groups, selected, option.id));
                      }
                    }}
                  />
                  <span>{option.name}</span>
                  {option.unavailable ? (
                    <span className="price">{texts.itemUnavailable}</span>
                  ) : (
                    option.price > 0 && <span className="price">+{formatMoney(option.price, currency, locale)}</span>
                  )}
                </label>
              ))}
            </fieldset>
          );
        })}
        <section className="item-allergens" aria-live="polite" aria-atomic="true">
          {item.groups.length > 0 && <h3>{texts.allergens.choice}</h3>}
          <Allergens
            info={allergensOfChoice(item.allergens, chosenAllergens(item, selected))}
            texts={texts.allergens}
          />
        </section>
        <div className="quantity">
          <label htmlFor={`${id}-quantity`}>{texts.quantity}</label>
          <input
            id={`${id}-quantity`}
            type="number"
            inputMode="numeric"
            min={1}
            max={99}
            value={quantity}
            onChange={(event) => setQuantity(Math.min(99, Math.max(1, Number(event.target.value) || 1)))}
          />
        </div>
        <p id={`${id}-error`} className="error" role="alert">
          {message ?? ''}
        </p>
        <button type="submit" className="primary" disabled={busy || item.unavailable}>
          {fill(texts.addToBasket, { price: formatMoney(price, currency, locale) })}
        </button>
      </form>
    </Dialog>
  );
}
