import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Checkbox } from '#app/ui/field.tsx';
import { $autoPrint, loadAutoPrint, setAutoPrint } from './auto-print.ts';
import './print-buttons.css';

/** The board's auto-print switch: this device prints the kitchen ticket of every order accepted while it watches. */
export default function AutoPrintSetting({ restaurant, locale }: { restaurant: string; locale: UiLocale }) {
  const t = { locale: messageLocale(locale) } as const;
  const setting = useStore($autoPrint);
  useEffect(() => loadAutoPrint(restaurant), [restaurant]);
  return (
    <Checkbox
      id="kitchen-auto-print"
      look="admin"
      className="kitchen-auto-print"
      label={m.ticket_auto_print({}, t)}
      hint={m.ticket_auto_print_hint({}, t)}
      checked={setting.restaurant === restaurant && setting.on}
      disabled={setting.restaurant !== restaurant}
      onChange={(event) => setAutoPrint(restaurant, event.currentTarget.checked)}
    />
  );
}
