/**
 * Who owns which field of a brand (decision 043). The marketers' fields are written in
 * `tenants/<slug>/tenant.json`, under the same names as these columns of `concepts`, and loaded into the database
 * at every start (db/seed/tenants.ts); the admin shows them and cannot change them. The operators' fields live only
 * in the database and only the admin changes them.
 */
export const TENANT_COLUMNS = [
  'slug',
  'domain',
  'name',
  'country',
  'shortDescription',
  'description',
  'chef',
  'chefsComment',
  'contactEmail',
  'facebook',
  'instagram',
  'tiktok',
  'gtm',
  'logo',
  'favicon',
  'logoBlack',
  'cover',
  'rrRegulationsUrl',
  'rrPolicyUrl',
] as const;
export type TenantColumn = (typeof TENANT_COLUMNS)[number];

/** Marketers' texts that tenant.json also gives in English and Ukrainian, as texts.en.<field> and texts.ua.<field>. */
export const TRANSLATED_TENANT_COLUMNS: readonly TenantColumn[] = ['shortDescription', 'description', 'chefsComment'];

/** What the issue of a body that tries to change a marketer's field says it breaks (server/domain/forms.ts). */
export const EDITED_IN_TENANT_CONFIG = 'edited in tenants/<slug>/tenant.json';

export const isTenantColumn = (key: string): key is TenantColumn => (TENANT_COLUMNS as readonly string[]).includes(key);
