import { useEffect, useState } from 'react';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { api } from '#app/api-client.ts';
import { inLocale } from '#app/account/form-helpers.ts';
import { userCreateBody, userUpdateBody, type UserCreateBody, type UserUpdateBody } from '#domain/admin-forms.ts';
import { isKitchenRole, USER_ROLES } from '#domain/roles.ts';
import AdminForm from '../forms/AdminForm.tsx';
import { answerOf, asFormValues } from '../forms/api-answer.ts';
import { useValue } from '../forms/form-state.tsx';
import { CheckField, Section, SelectField, TextField } from '../forms/fields.tsx';
import { KitchensField, type KitchenChoice } from './KitchensField.tsx';
import { Notice } from '#app/ui/notice.tsx';
import { FIELD_LABEL, LANG_LABEL, ROLE_LABEL } from '#app/admin/forms/labels.ts';
import '#app/admin/forms/admin-forms.css';

const endpoint = api.admin.users;
type EditValues = UserUpdateBody & { kitchens: number[] };

const emptyEdit: EditValues = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  role: 'user',
  lang: 'pl',
  active: true,
  kitchens: [],
};
const emptyNew: UserCreateBody = {
  firstname: '',
  lastname: '',
  email: '',
  phone: '',
  role: 'kitchenStaff',
  lang: 'pl',
  kitchens: [],
};

/** The kitchens a kitchen account may be given, read once for the form. */
function useKitchenChoices(): KitchenChoice[] | null {
  const [choices, setChoices] = useState<KitchenChoice[] | null>(null);
  useEffect(() => {
    void answerOf(endpoint.choices.$get(), (b) => b.kitchens).then((answer) => {
      setChoices(answer.ok ? answer.data : []);
    });
  }, []);
  return choices;
}

/** The fields the add and the edit form share; the kitchens only while a kitchen role is chosen. */
function UserFields({ locale, kitchens }: { locale: UiLocale; kitchens: readonly KitchenChoice[] }) {
  const t = inLocale(locale);
  const role = useValue<string>('role');
  const field = (name: 'firstname' | 'lastname' | 'email' | 'phone' | 'role' | 'lang') => ({
    name,
    locale,
    label: FIELD_LABEL[name]({}, t),
  });
  return (
    <>
      <TextField {...field('firstname')} />
      <TextField {...field('lastname')} />
      <TextField {...field('email')} type="email" required />
      <TextField {...field('phone')} type="tel" />
      <SelectField
        {...field('role')}
        options={USER_ROLES.map((value) => ({ value, label: ROLE_LABEL[value]({}, t) }))}
      />
      <SelectField
        {...field('lang')}
        options={(['pl', 'en', 'ua'] as const).map((lang) => ({
          value: lang,
          label: LANG_LABEL[lang]({}, t),
        }))}
      />
      {isKitchenRole(role) && <KitchensField locale={locale} choices={kitchens} />}
    </>
  );
}

/**
 * Show and edit a user: data, role, kitchens (kitchen roles), e-mail language, active (off: logged out, login
 * refused). No delete: an account goes by deactivation.
 */
export default function UserForm({ locale, id }: { locale: UiLocale; id: string }) {
  const t = inLocale(locale);
  const kitchens = useKitchenChoices();
  if (!kitchens) return <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>;
  return (
    <AdminForm
      locale={locale}
      entity="users"
      id={id}
      schema={userUpdateBody}
      empty={emptyEdit}
      load={(key) =>
        answerOf(endpoint[':id'].$get({ param: { id: key } }), (b) =>
          asFormValues<EditValues>({
            firstname: b.user.firstname,
            lastname: b.user.lastname,
            email: b.user.email,
            phone: b.user.phone ?? '',
            role: b.user.role,
            lang: b.user.lang,
            active: b.user.active,
            kitchens: b.user.kitchens,
          }),
        )
      }
      save={(json, key) =>
        answerOf(endpoint[':id'].$put({ param: { id: key ?? id }, json }), (b) => ({ id: b.user.id }))
      }
    >
      <Section title={m.admin_entity_users({}, t)}>
        <UserFields locale={locale} kitchens={kitchens} />
        <CheckField
          name="active"
          locale={locale}
          label={m.admin_forms_field_active({}, t)}
          hint={m.admin_forms_userActiveHint({}, t)}
        />
      </Section>
    </AdminForm>
  );
}

/**
 * Add a staff account (issue 37): it gets no password; the server e-mails an invitation to set one, in the chosen
 * language, and the form lands on the new user's page saying so.
 */
export function UserAddForm({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  const kitchens = useKitchenChoices();
  if (!kitchens) return <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>;
  return (
    <AdminForm
      locale={locale}
      entity="users"
      schema={userCreateBody}
      empty={emptyNew}
      save={(json) =>
        answerOf(endpoint.$post({ json }), (b) => ({
          id: b.user.id,
          message: m.admin_users_invited({ email: b.user.email }, t),
        }))
      }
    >
      <Section title={m.admin_entity_users({}, t)}>
        <p className="admin-hint admin-wide">{m.admin_users_inviteNote({}, t)}</p>
        <UserFields locale={locale} kitchens={kitchens} />
      </Section>
    </AdminForm>
  );
}
