import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';

export type StatusFilter = 'active' | 'revoked' | undefined;

/** Which keys the list shows: all, the active ones or the revoked ones (kept in the URL). */
export default function BotKeysFilter({
  locale,
  status,
  count,
  onChange,
}: {
  locale: UiLocale;
  status: StatusFilter;
  count: number | null;
  onChange: (status: StatusFilter) => void;
}) {
  const t = inLocale(locale);
  return (
    <div className="bot-keys-toolbar">
      <div className="bot-keys-field bot-keys-field-inline">
        <label htmlFor="bot-keys-status">{m.admin_botKeys_filter_status({}, t)}</label>
        <select
          id="bot-keys-status"
          value={status ?? ''}
          onChange={(event) => onChange((event.target.value || undefined) as StatusFilter)}
        >
          <option value="">{m.admin_botKeys_filter_all({}, t)}</option>
          <option value="active">{m.admin_botKeys_filter_active({}, t)}</option>
          <option value="revoked">{m.admin_botKeys_filter_revoked({}, t)}</option>
        </select>
      </div>
      {count !== null && <p className="bot-keys-count">{m.admin_botKeys_count({ count: String(count) }, t)}</p>}
    </div>
  );
}
