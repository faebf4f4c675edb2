import { and, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { orders } from '#db/schema/index.ts';
import { FIGURES_TIME_ZONE, OUTCOME_RULES, type FigureOutcome } from '#domain/dashboard.ts';

/**
 * The SQL of the figures' outcomes, built from the domain's table (OUTCOME_RULES) so the dashboard, the sales list
 * and their CSV count the same orders under the same words.
 */
export function outcomeIs(outcome: FigureOutcome): SQL {
  const rule = OUTCOME_RULES.find((r) => r.outcome === outcome);
  if (!rule) throw new Error(`no rule for the outcome ${outcome}`);
  return and(
    inArray(orders.status, [...rule.statuses]),
    rule.reason === undefined
      ? undefined
      : rule.reason === 'given'
        ? isNotNull(orders.rejectionReason)
        : isNull(orders.rejectionReason),
    rule.accepted ? isNotNull(orders.acceptedAt) : undefined,
  ) as SQL;
}

/** An order that reached a restaurant: it counts in one of the outcomes. */
export const countsInFigures = (): SQL => or(...OUTCOME_RULES.map((r) => outcomeIs(r.outcome))) as SQL;

/** The day an order was placed on, in the figures' time zone. */
export const figuresDayOf = sql<string>`(${orders.createdAt} at time zone ${sql.raw(`'${FIGURES_TIME_ZONE}'`)})::date`;
