import type { Db, Tx } from '#db/client.ts';
import { consentEvents } from '#db/schema/index.ts';

export type RecordedConsent = 'shopPolicies' | 'restaurantPolicies' | 'marketingSms' | 'marketingEmail';
export type ConsentSource = 'registration' | 'profile' | 'unsubscribe' | 'admin';

/** Records consents given or withdrawn, with their date (consent_events); a consent left out is not recorded. */
export async function recordConsents(
  db: Db | Tx,
  input: {
    userId: string | null;
    email?: string | null;
    consents: Partial<Record<RecordedConsent, boolean>>;
    source: ConsentSource;
    at: Date;
  },
): Promise<void> {
  const rows = Object.entries(input.consents)
    .filter((entry): entry is [RecordedConsent, boolean] => typeof entry[1] === 'boolean')
    .map(([consent, granted]) => ({
      userId: input.userId,
      email: input.userId ? null : (input.email?.trim().toLowerCase() ?? null),
      consent,
      granted,
      source: input.source,
      at: input.at,
    }));
  if (rows.length > 0) await db.insert(consentEvents).values(rows);
}
