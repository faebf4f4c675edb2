import { atom } from 'nanostores';
import type { Escalations } from '#app/api-types.ts';
import { api, apiBase } from '#app/api-client.ts';

export type EscalationsState = {
  escalations: Escalations | null;
  /** server clock − browser clock, so the countdowns follow the server's deadlines. */
  offsetMs: number;
};

export const $escalations = atom<EscalationsState>({ escalations: null, offsetMs: 0 });

const receive = (escalations: Escalations) =>
  $escalations.set({ escalations, offsetMs: Date.parse(escalations.now) - Date.now() });

/**
 * Follows the orders escalated for waiting too long (GET first, then the event stream, which sends the whole list
 * again after every change and on every reconnection, so a screen that was offline is right again at once).
 */
export function followEscalations(): () => void {
  let source: EventSource | null = null;
  let stopped = false;
  void api.cc.escalations
    .$get()
    .then(async (response) => {
      if (response.ok) receive(await response.json());
    })
    .catch(() => undefined)
    .finally(() => {
      if (stopped) return;
      source = new EventSource(`${apiBase()}/api/cc/escalations/events`);
      source.addEventListener('escalations', (event) =>
        receive(JSON.parse((event as MessageEvent<string>).data) as Escalations),
      );
    });
  return () => {
    stopped = true;
    source?.close();
  };
}
