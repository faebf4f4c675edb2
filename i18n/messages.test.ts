import { describe, expect, it } from 'vitest';
import { errorAnswerMessages, errorMessage, fieldMessage, messageLocale } from './messages.ts';

describe('error messages from the Paraglide catalogue', () => {
  it('speaks each interface language; ua is Paraglide’s uk', () => {
    expect(messageLocale('ua')).toBe('uk');
    expect(errorMessage('restaurantClosed', 'pl')).toBe('Restauracja jest teraz zamknięta.');
    expect(errorMessage('restaurantClosed', 'en')).toBe('The restaurant is closed at the moment.');
    expect(errorMessage('restaurantClosed', 'ua')).toBe('Ресторан зараз зачинений.');
  });

  it('reads a key the API may add later as an internal error rather than showing the key', () => {
    expect(errorMessage('somethingNew', 'en')).toBe(errorMessage('internalError', 'en'));
  });

  it('words a field’s rule, whether a spec rule or a catalogue key', () => {
    expect(fieldMessage('isValidEmail', 'pl')).toBe('Podaj poprawny adres e-mail.');
    expect(fieldMessage('tooLong', 'ua')).toBe('Значення задовге.');
  });

  it('turns a validation answer into one sentence per field, skipping details that name no rule', () => {
    expect(
      errorAnswerMessages(
        { key: 'validation', details: { email: 'isValidEmail', terms: 'isTrue', problems: ['x'] } },
        'en',
      ),
    ).toEqual({
      message: 'Please correct the highlighted fields.',
      fields: { email: 'Enter a valid e-mail address.', terms: 'Please tick this box.' },
    });
    expect(errorAnswerMessages({ key: 'internalError', details: {} }, 'pl')).toEqual({
      message: errorMessage('internalError', 'pl'),
      fields: {},
    });
  });
});
