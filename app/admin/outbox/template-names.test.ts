import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES } from '#domain/order-emails.ts';
import { listLabels } from '#i18n/admin-list-labels.ts';

describe('the outbox names each kind of e-mail', () => {
  it.each(['pl', 'en', 'uk'] as const)('in %s, in words rather than its code', (locale) => {
    const { values } = listLabels('outbox', locale, 'Outbox');
    for (const template of EMAIL_TEMPLATES) {
      const name = values[`template.${template}`];
      expect(name, template).toBeTruthy();
      expect(name, template).not.toBe(template);
    }
  });
});
