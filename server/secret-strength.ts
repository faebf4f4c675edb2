/**
 * Whether a secret or a provider's key is strong enough for production: at least 16 characters, at least 6 of them
 * different. A 20 × `a` secret or a one-character key is a placeholder somebody forgot, not a key; a provider's real
 * keys (32 hex characters, Przelewy24's CRC 16) pass, since 16 random hex digits show fewer than 6 distinct ones about
 * once in ten thousand.
 */
export const MIN_SECRET_LENGTH = 16;
const MIN_DISTINCT = 6;

export const strongSecret = (value: string): boolean =>
  value.length >= MIN_SECRET_LENGTH && new Set(value).size >= MIN_DISTINCT;

export const weakSecretRule = `at least ${MIN_SECRET_LENGTH} characters, ${MIN_DISTINCT} of them different`;
