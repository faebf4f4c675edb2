import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { userBody, type UserBody } from '#domain/admin-forms.ts';
import { USER_ROLES } from '#domain/roles.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf } from '../forms/api-answer.ts';
import { CheckField, Section, SelectField, TextField } from '../forms/fields.tsx';

const endpoint = api.admin.users;
type Row = UserBody & { id: string; phone: string | null; firstname: string; lastname: string };

const empty: UserBody = { firstname: '', lastname: '', email: '', phone: '', role: 'user', lang: 'pl', active: true };

/** Show and edit a user: data, role, e-mail language, active (off: logged out, login refused). No add, no delete. */
export default function UserForm({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const field = (name: keyof UserBody) => ({ name, locale, label: m[`admin_forms_field_${name}`]({}, t) });
  return (
    <AdminForm
      locale={locale}
      entity="users"
      id={id}
      schema={userBody}
      empty={empty}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b: { user: Row }) => ({
          firstname: b.user.firstname,
          lastname: b.user.lastname,
          email: b.user.email,
          phone: b.user.phone ?? '',
          role: b.user.role,
          lang: b.user.lang,
          active: b.user.active,
        }))
      }
      save={(json, key) =>
        answerOf(endpoint[':id'].$put({ param: { id: key ?? id }, json }), (b: { user: Row }) => ({ id: b.user.id }))
      }
    >
      <Section title={m.admin_entity_users({}, t)}>
        <TextField {...field('firstname')} />
        <TextField {...field('lastname')} />
        <TextField {...field('email')} type="email" required />
        <TextField {...field('phone')} type="tel" />
        <SelectField
          {...field('role')}
          options={USER_ROLES.map((role) => ({ value: role, label: m[`admin_forms_role_${role}`]({}, t) }))}
        />
        <SelectField
          {...field('lang')}
          options={(['pl', 'en', 'ua'] as const).map((lang) => ({
            value: lang,
            label: m[`admin_forms_lang_${lang}`]({}, t),
          }))}
        />
        <CheckField {...field('active')} hint={m.admin_forms_userActiveHint({}, t)} />
      </Section>
    </AdminForm>
  );
}
