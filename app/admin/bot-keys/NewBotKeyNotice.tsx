import { useEffect, useRef, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { controlProps } from '#app/ui/field.tsx';
import { $newBotKey, forgetNewBotKey } from './bot-keys-store.ts';

/** The key just made, in full, with a copy button: the one time anybody sees it. */
export default function NewBotKeyNotice({ locale }: { locale: UiLocale }) {
  const created = useStore($newBotKey);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const heading = useRef<HTMLHeadingElement>(null);
  const t = inLocale(locale);

  useEffect(() => {
    setCopy('idle');
    // The admin's attention goes to the key at once (a screen reader reads it out from here).
    if (created) heading.current?.focus();
  }, [created]);
  if (!created) return null;

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section className="bot-keys-new" aria-labelledby="bot-key-new-heading">
      <h2 id="bot-key-new-heading" ref={heading} tabIndex={-1}>
        {m.admin_botKeys_newKey_heading({}, t)}
      </h2>
      <p>{m.admin_botKeys_newKey_hint({}, t)}</p>
      <label htmlFor="bot-key-new-value">{m.admin_botKeys_newKey_label({ name: created.name }, t)}</label>
      <div className="bot-keys-new-row">
        <input
          {...controlProps({ id: 'bot-key-new-value', label: m.admin_botKeys_newKey_label({ name: created.name }, t) })}
          className="bot-keys-new-value"
          readOnly
          value={created.key}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="bot-keys-button" onClick={() => void onCopy()}>
          {m.admin_botKeys_copy({}, t)}
        </button>
      </div>
      <p role="status" aria-live="polite" className="bot-keys-copy-state">
        {copy === 'copied' && m.admin_botKeys_copied({}, t)}
        {copy === 'failed' && m.admin_botKeys_copyFailed({}, t)}
      </p>
      <button type="button" className="bot-keys-button bot-keys-button-quiet" onClick={forgetNewBotKey}>
        {m.admin_botKeys_done({}, t)}
      </button>
    </section>
  );
}
