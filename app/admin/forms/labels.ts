import { m } from '#i18n/paraglide/messages.js';

// Every message of the admin's forms that a field, a role, a language, a discount type or a weekday names, each one
// written out: a message looked up by a computed name (m[`admin_forms_field_${name}`]) makes the bundler keep the
// whole catalogue, every language, in each admin island that does it (decision 039; app/orders/status-texts.ts).

/** A form field's label, by the field's name in the API's body. */
export const FIELD_LABEL = {
  about: m.admin_forms_field_about,
  acceptanceMinutes: m.admin_forms_field_acceptanceMinutes,
  active: m.admin_forms_field_active,
  autoAccept: m.admin_forms_field_autoAccept,
  chef: m.admin_forms_field_chef,
  chefsComment: m.admin_forms_field_chefsComment,
  city: m.admin_forms_field_city,
  citySlug: m.admin_forms_field_citySlug,
  code: m.admin_forms_field_code,
  conceptId: m.admin_forms_field_conceptId,
  contactEmail: m.admin_forms_field_contactEmail,
  count: m.admin_forms_field_count,
  country: m.admin_forms_field_country,
  cover: m.admin_forms_field_cover,
  createdAt: m.admin_forms_field_createdAt,
  defaultRestaurantSlug: m.admin_forms_field_defaultRestaurantSlug,
  deliveryEnabled: m.admin_forms_field_deliveryEnabled,
  deliveryValue: m.admin_forms_field_deliveryValue,
  description: m.admin_forms_field_description,
  domain: m.admin_forms_field_domain,
  email: m.admin_forms_field_email,
  escalationMinutes: m.admin_forms_field_escalationMinutes,
  extraFee: m.admin_forms_field_extraFee,
  facebook: m.admin_forms_field_facebook,
  firstname: m.admin_forms_field_firstname,
  gtm: m.admin_forms_field_gtm,
  instagram: m.admin_forms_field_instagram,
  isEnabled: m.admin_forms_field_isEnabled,
  kitchens: m.admin_forms_field_kitchens,
  lang: m.admin_forms_field_lang,
  lastname: m.admin_forms_field_lastname,
  latitude: m.admin_forms_field_latitude,
  locationId: m.admin_forms_field_locationId,
  logo: m.admin_forms_field_logo,
  longitude: m.admin_forms_field_longitude,
  minBasketValue: m.admin_forms_field_minBasketValue,
  name: m.admin_forms_field_name,
  no: m.admin_forms_field_no,
  phone: m.admin_forms_field_phone,
  pickupEnabled: m.admin_forms_field_pickupEnabled,
  prefix: m.admin_forms_field_prefix,
  preparationMinutes: m.admin_forms_field_preparationMinutes,
  quantity: m.admin_forms_field_quantity,
  role: m.admin_forms_field_role,
  rrPolicyUrl: m.admin_forms_field_rrPolicyUrl,
  rrRegulationsUrl: m.admin_forms_field_rrRegulationsUrl,
  sharedBaskets: m.admin_forms_field_sharedBaskets,
  shortDescription: m.admin_forms_field_shortDescription,
  showOnCompanyPortfolio: m.admin_forms_field_showOnCompanyPortfolio,
  slug: m.admin_forms_field_slug,
  smallOrderThreshold: m.admin_forms_field_smallOrderThreshold,
  street: m.admin_forms_field_street,
  tiktok: m.admin_forms_field_tiktok,
  type: m.admin_forms_field_type,
  used: m.admin_forms_field_used,
  value: m.admin_forms_field_value,
  zip: m.admin_forms_field_zip,
} as const;

export type LabelledField = keyof typeof FIELD_LABEL;

/** A user's role. */
export const ROLE_LABEL = {
  admin: m.admin_forms_role_admin,
  callCenter: m.admin_forms_role_callCenter,
  kitchenManager: m.admin_forms_role_kitchenManager,
  kitchenStaff: m.admin_forms_role_kitchenStaff,
  user: m.admin_forms_role_user,
} as const;

/** A language a user or an e-mail is in. */
export const LANG_LABEL = {
  en: m.admin_forms_lang_en,
  pl: m.admin_forms_lang_pl,
  ua: m.admin_forms_lang_ua,
} as const;

/** A discount code's type. */
export const DISCOUNT_TYPE_LABEL = {
  amount: m.admin_forms_type_amount,
  freeDelivery: m.admin_forms_type_freeDelivery,
  percentage: m.admin_forms_type_percentage,
} as const;

/** A weekday by its number (0 = Sunday), as the opening hours hold it. */
export const DAY_LABEL = [
  m.admin_forms_day_0,
  m.admin_forms_day_1,
  m.admin_forms_day_2,
  m.admin_forms_day_3,
  m.admin_forms_day_4,
  m.admin_forms_day_5,
  m.admin_forms_day_6,
] as const;

/** An e-mail's state and the parts shown of it in the outbox. */
export const OUTBOX_LABEL = {
  attempts: m.admin_forms_outbox_attempts,
  failed: m.admin_forms_outbox_failed,
  html: m.admin_forms_outbox_html,
  lastError: m.admin_forms_outbox_lastError,
  pending: m.admin_forms_outbox_pending,
  sent: m.admin_forms_outbox_sent,
  sentAt: m.admin_forms_outbox_sentAt,
  status: m.admin_forms_outbox_status,
  subject: m.admin_forms_outbox_subject,
  template: m.admin_forms_outbox_template,
  text: m.admin_forms_outbox_text,
  to: m.admin_forms_outbox_to,
} as const;
