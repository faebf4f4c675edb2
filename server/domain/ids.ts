const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value from outside (a cookie, a path, a provider's notification) can be one of our uuid keys. Checked
 * before a query, because PostgreSQL refuses a malformed uuid with an error instead of finding nothing.
 */
export const isUuid = (value: string | null | undefined): value is string => !!value && UUID.test(value);
