import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS, errorCatalogue, errorStatus, isErrorKey } from './error-catalogue.ts';
import { SPEC_ERROR_KEYS } from './errors.ts';
import { RULE_NAMES } from './forms.ts';

const root = path.resolve(import.meta.dirname, '../..');
// Paraglide's locale ids (docs/decisions/010-paraglide-messages.md): the interface's `ua` is `uk` here.
const LOCALES = ['pl', 'en', 'uk'] as const;
const messages = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(path.join(root, 'messages', `${locale}.json`), 'utf8')) as Record<string, string>,
  ]),
) as Record<(typeof LOCALES)[number], Record<string, string>>;

function serverSources(dir = path.join(root, 'server')): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return [{ file: path.relative(root, full), text: readFileSync(full, 'utf8') }];
  });
}

describe('the error catalogue', () => {
  it('holds every key of the spec and gives each an HTTP error status and a meaning', () => {
    expect(ERROR_KEYS).toEqual(expect.arrayContaining([...SPEC_ERROR_KEYS]));
    for (const key of ERROR_KEYS) {
      expect(errorStatus(key), key).toBeGreaterThanOrEqual(400);
      expect(errorCatalogue[key].meaning.length, key).toBeGreaterThan(5);
    }
  });

  it('keeps the statuses the API answers', () => {
    expect(errorStatus('validation')).toBe(400);
    expect(errorStatus('Unauthorized')).toBe(401);
    expect(errorStatus('UserIsNotActivated')).toBe(403);
    expect(errorStatus('notFound')).toBe(404);
    expect(errorStatus('restaurantLocation')).toBe(409);
    expect(errorStatus('payloadTooLarge')).toBe(413);
    expect(errorStatus('tooManyRequests')).toBe(429);
    expect(errorStatus('internalError')).toBe(500);
  });

  it('tells its keys from anything else', () => {
    expect(isErrorKey('mishmashedLocations')).toBe(true);
    expect(isErrorKey('toString')).toBe(false);
    expect(isErrorKey('nope')).toBe(false);
    expect(isErrorKey(3)).toBe(false);
  });

  it.each(LOCALES)('has a %s message for every key and every form rule, and no stale ones', (locale) => {
    const expected = [...ERROR_KEYS.map((key) => `error_${key}`), ...RULE_NAMES.map((rule) => `rule_${rule}`)];
    const found = messages[locale];
    const missing = expected.filter((id) => !(typeof found[id] === 'string' && found[id].trim().length > 0));
    expect(missing, `missing in messages/${locale}.json`).toEqual([]);
    // Only the catalogue's own ids can go stale: the screens' texts (account_, shop_, …) share these files.
    const stale = Object.keys(found).filter((id) => /^(error|rule)_/.test(id) && !expected.includes(id));
    expect(stale, `not in the catalogue, yet in messages/${locale}.json`).toEqual([]);
  });

  it('translates rather than copies: Polish and Ukrainian differ from English', () => {
    const same = ERROR_KEYS.filter(
      (key) =>
        messages.pl[`error_${key}`] === messages.en[`error_${key}`] ||
        messages.uk[`error_${key}`] === messages.en[`error_${key}`],
    );
    expect(same).toEqual([]);
  });
});

describe('the server answers only catalogue keys', () => {
  const sources = serverSources();

  it('finds the server sources', () => {
    expect(sources.map((s) => s.file)).toEqual(expect.arrayContaining(['server/app.ts', 'server/routes/validate.ts']));
  });

  it('throws and answers no key that the catalogue lacks', () => {
    const patterns = [/new AppError\(\s*'([^']*)'/g, /RuleError\(\s*'([^']*)'/g, /\{\s*error:\s*'([^']*)'/g];
    const unknown: string[] = [];
    let seen = 0;
    for (const { file, text } of sources) {
      for (const pattern of patterns) {
        for (const match of text.matchAll(pattern)) {
          seen += 1;
          if (!isErrorKey(match[1])) unknown.push(`${file}: ${match[0]}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });

  it('answers errors through AppError, not by hand', () => {
    // One place writes the { error } body (app.ts errorAnswer); anything else would bypass the catalogue's status.
    const byHand = sources.flatMap(({ file, text }) => [...text.matchAll(/c\.json\(\s*\{\s*error\b/g)].map(() => file));
    expect(byHand).toEqual(['server/app.ts']);
  });
});
