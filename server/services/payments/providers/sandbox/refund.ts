import type { RefundResult } from '../../provider.ts';
import { newId } from './notifier.ts';

/** The sandbox's refunds always succeed at once. */
export const refund = async (): Promise<RefundResult> => ({ externalId: newId('sbx_rf'), status: 'succeeded' });
