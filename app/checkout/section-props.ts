import type { FieldRule } from '#domain/errors.ts';

/**
 * What a section of the finalize-order form (customer, address, payment, consents) takes of the form it stands in:
 * the shop's checkout (app/stores/checkout.ts) or the call centre's phone order (app/callcentre/order-form.ts).
 * Each section renders the same fields for both; `look` picks the screen's classes and habits.
 */
export type SectionProps<F extends string, V = Record<F, string>> = {
  /** The ids' prefix: a field's id is `<form>-<name>` (`checkout-street`, `cc-order-street`). */
  form: string;
  look?: SectionLook;
  values: V;
  errors: Partial<Record<F, FieldRule>>;
  setField: <K extends F>(field: K, value: V[K & keyof V]) => void;
};

/** The shop's checkout, or the call centre's phone order (its agents' screen: denser, its own stylesheet). */
export type SectionLook = 'shop' | 'cc';
