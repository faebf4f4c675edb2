import type { ErrorKey, FieldRule } from '#domain/errors.ts';
import { isErrorKey } from '#domain/error-catalogue.ts';
import { RULE_NAMES, type RuleName } from '#domain/forms.ts';
import { m } from '#app/paraglide/messages.js';
import type { Locale as MessageLocale } from '#app/paraglide/runtime.js';

/** The interface's languages as URLs and the `lang` cookie name them. */
export type UiLocale = 'pl' | 'en' | 'ua';

/** Paraglide's locale for an interface language: ISO 639-1 `uk` for `ua`, as `<html lang>` says (decision 010). */
export const messageLocale = (locale: UiLocale): MessageLocale => (locale === 'ua' ? 'uk' : locale);

const isRuleName = (value: unknown): value is RuleName =>
  typeof value === 'string' && (RULE_NAMES as readonly string[]).includes(value);

/** The user's sentence for an error key the API answered; an unknown key reads as internalError. */
export function errorMessage(key: string, locale: UiLocale): string {
  const known: ErrorKey = isErrorKey(key) ? key : 'internalError';
  return m[`error_${known}`]({}, { locale: messageLocale(locale) });
}

/** The sentence under a form field for the rule a `validation` answer names for it. */
export function fieldMessage(rule: FieldRule, locale: UiLocale): string {
  return isRuleName(rule) ? m[`rule_${rule}`]({}, { locale: messageLocale(locale) }) : errorMessage(rule, locale);
}

/** The sentences for an API error answer: its key's, and one per field of its details that names a rule. */
export function errorAnswerMessages(
  answer: { error?: unknown; details?: Record<string, unknown> } | null | undefined,
  locale: UiLocale,
): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [field, rule] of Object.entries(answer?.details ?? {})) {
    if (isRuleName(rule) || isErrorKey(rule)) fields[field] = fieldMessage(rule, locale);
  }
  return { message: errorMessage(typeof answer?.error === 'string' ? answer.error : 'internalError', locale), fields };
}
