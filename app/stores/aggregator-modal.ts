import { atom } from 'nanostores';

/** Whether the "order in an app" dialog is open; the sticky button opens it, the dialog closes it. */
export const $aggregatorsOpen = atom(false);

export const openAggregators = (): void => $aggregatorsOpen.set(true);
export const closeAggregators = (): void => $aggregatorsOpen.set(false);
