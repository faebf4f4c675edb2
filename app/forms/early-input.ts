import { useLayoutEffect, useRef, type RefObject } from 'react';

/** A field's value as the visitor left it: the text typed, a box's tick, a radio group's or a list's choice. */
export type EarlyValue = string | boolean;

/**
 * The fields of a server-rendered form that the visitor changed before its island hydrated, by name. An element's
 * default (its `value`, `checked` or `selected` attribute, which hydrating leaves as the page was sent) is what the
 * visitor started from; a current value that differs from it was typed, ticked or picked.
 */
export function changedBeforeHydration(form: HTMLFormElement): Record<string, EarlyValue> {
  const changed: Record<string, EarlyValue> = {};
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      if (!element.name || element.disabled) continue;
      if (element.type === 'checkbox') {
        if (element.checked !== element.defaultChecked) changed[element.name] = element.checked;
      } else if (element.type === 'radio') {
        if (element.checked && !element.defaultChecked) changed[element.name] = element.value;
      } else if (!NOT_TYPED.has(element.type) && element.value !== element.defaultValue) {
        changed[element.name] = element.value;
      }
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.name && !element.disabled && element.value !== element.defaultValue)
        changed[element.name] = element.value;
    } else if (element instanceof HTMLSelectElement) {
      const picked = element.selectedOptions[0];
      if (element.name && !element.disabled && picked && !picked.defaultSelected) changed[element.name] = picked.value;
    }
  }
  return changed;
}

/**
 * Puts each changed field that `fields` has, and of the same kind (a text, or a box's tick), through `set`: the form's
 * own setter, so it is checked as if typed now. Anything else the form holds is not the visitor's to change.
 */
export function adoptFields<V extends Record<string, unknown>>(
  changed: Record<string, unknown>,
  fields: V,
  set: <F extends keyof V & string>(field: F, value: V[F]) => void,
): void {
  for (const field of Object.keys(fields) as (keyof V & string)[]) {
    const value = changed[field];
    if (value !== undefined && typeof value === typeof fields[field]) set(field, value as V[typeof field]);
  }
}

const NOT_TYPED = new Set(['submit', 'button', 'reset', 'hidden', 'file', 'image']);

/**
 * Keeps what an impatient visitor typed into a form before its island loaded. Hydrating leaves such a value in the
 * field, but the island's next render writes the state's value (the empty one the page was rendered with) back over
 * it. Read once, right after hydration and before any other render, the changed fields go to `adopt`, which puts
 * them into the form's state as if they had been typed with the island running.
 */
export function useEarlyInput(
  form: RefObject<HTMLFormElement | null>,
  adopt: (changed: Record<string, EarlyValue>) => void,
): void {
  const adoptOnce = useRef(adopt);
  useLayoutEffect(() => {
    if (!form.current) return;
    const changed = changedBeforeHydration(form.current);
    if (Object.keys(changed).length > 0) adoptOnce.current(changed);
  }, [form]);
}
