import { useEffect, useState, type FormEvent } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { errorMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { inLocale, useHydrated } from '#app/account/form-helpers.ts';
import { Checkbox, TextInput } from '#app/ui/field.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { KITCHEN_LIMITS } from '#domain/kitchen-settings.ts';

type Values = {
  slotOrders: string;
  slotItems: string;
  preOrdersWhileClosed: boolean;
  horizonDays: string;
  deliveryMinutes: string;
};
type Settings = {
  slotOrders: number | null;
  slotItems: number | null;
  preOrdersWhileClosed: boolean;
  horizonDays: number;
  deliveryMinutes: number;
};

const text = (n: number | null) => (n === null ? '' : String(n));
const valuesOf = (s: Settings): Values => ({
  slotOrders: text(s.slotOrders),
  slotItems: text(s.slotItems),
  preOrdersWhileClosed: s.preOrdersWhileClosed,
  horizonDays: String(s.horizonDays),
  deliveryMinutes: String(s.deliveryMinutes),
});
const whole = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN);
const limitOrNull = (value: string) => (value.trim() === '' ? null : whole(value));

/**
 * A kitchen's capacity (issue 34), under its location's form: orders and items per 15-minute slot (empty: no limit),
 * pre-orders while closed, how many days ahead customers may schedule, and the delivery time. Checked by the server
 * (validation names the field); every save is in the audit log.
 */
export function KitchenSettingsForm({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const [values, setValues] = useState<Values | null>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  useEffect(() => {
    void readAnswer(api.admin.locations[':id'].$get({ param: { id } })).then((answer) => {
      if (answer.ok) setValues(valuesOf(answer.data.location as unknown as Settings));
    });
  }, [id]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values) return;
    setState('saving');
    setProblem(null);
    const json = {
      slotOrders: limitOrNull(values.slotOrders),
      slotItems: limitOrNull(values.slotItems),
      preOrdersWhileClosed: values.preOrdersWhileClosed,
      horizonDays: whole(values.horizonDays),
      deliveryMinutes: whole(values.deliveryMinutes),
    };
    const answer = await readAnswer(api.admin.locations[':id'].kitchen.$put({ param: { id }, json }));
    if (answer.ok) {
      setFields({});
      setState('saved');
      return;
    }
    const details = answer.details;
    setFields(Object.fromEntries(Object.keys(details).map((k) => [k, errorMessage('validation', locale)])));
    setProblem(errorMessage(answer.key, locale));
    setState('idle');
  };

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => (v ? { ...v, [key]: value } : v));
    setState('idle');
  };
  const number = (key: 'slotOrders' | 'slotItems' | 'horizonDays' | 'deliveryMinutes', label: string) => (
    <TextInput
      look="admin"
      disabled={!values}
      id={`kitchen-${key}`}
      name={key}
      label={label}
      inputMode="numeric"
      type="number"
      min={key === 'slotOrders' || key === 'slotItems' ? 1 : KITCHEN_LIMITS[key].min}
      max={KITCHEN_LIMITS[key].max}
      value={values?.[key] ?? ''}
      error={fields[key]}
      onChange={(event) => set(key, event.target.value)}
    />
  );

  return (
    <form className="admin-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="admin-section">
        <legend>{m.capacity_admin_title({}, t)}</legend>
        <div className="admin-grid">
          {number('slotOrders', m.capacity_admin_slot_orders({}, t))}
          {number('slotItems', m.capacity_admin_slot_items({}, t))}
          <Checkbox
            look="admin"
            disabled={!values}
            id="kitchen-preOrdersWhileClosed"
            name="preOrdersWhileClosed"
            label={m.capacity_admin_pre_orders({}, t)}
            checked={values?.preOrdersWhileClosed ?? false}
            onChange={(event) => set('preOrdersWhileClosed', event.target.checked)}
          />
          {number('horizonDays', m.capacity_admin_horizon({}, t))}
          {number('deliveryMinutes', m.capacity_admin_delivery({}, t))}
        </div>
      </fieldset>
      <div className="admin-actions">
        <button className="button" type="submit" disabled={!hydrated || !values || state === 'saving'}>
          {m.capacity_admin_save({}, t)}
        </button>
      </div>
      <div aria-live="polite">
        {state === 'saved' && <Notice tone="news">{m.capacity_admin_saved({}, t)}</Notice>}
        {problem && <Notice tone="error">{problem}</Notice>}
      </div>
    </form>
  );
}
