import { atom } from 'nanostores';
import { readAnswer } from '#app/api-answer.ts';
import type { DashboardPeriod } from '#domain/dashboard.ts';
import type { Dashboard, WaitingOrder } from '#app/api-types.ts';
import { api, apiBase } from '#app/api-client.ts';

export type DashboardState = {
  days: DashboardPeriod;
  status: 'loading' | 'ready' | 'failed';
  figures: Dashboard | null;
  waiting: WaitingOrder[];
  /** server clock − browser clock, for the countdowns. */
  offsetMs: number;
  online: boolean;
};

export const $dashboard = atom<DashboardState>({
  days: 1,
  status: 'loading',
  figures: null,
  waiting: [],
  offsetMs: 0,
  online: false,
});

export async function loadDashboard(days: DashboardPeriod): Promise<void> {
  $dashboard.set({ ...$dashboard.get(), days, status: 'loading' });
  const answer = await readAnswer(api.admin.dashboard.$get({ query: { days: String(days) as '1' | '7' | '30' } }));
  if (!answer.ok) {
    $dashboard.set({ ...$dashboard.get(), status: 'failed' });
    return;
  }
  const figures = answer.data;
  const current = $dashboard.get();
  if (current.days !== days) return;
  $dashboard.set({
    ...current,
    status: 'ready',
    figures,
    // Once the live stream has spoken, its list is the newer one: these figures may have been read before an order
    // it already announced, and the stream says nothing more until the next change.
    ...(current.online ? {} : { waiting: figures.waiting, offsetMs: Date.parse(figures.now) - Date.now() }),
  });
}

/** Keeps the waiting orders live: the stream sends them whole on connect and after every change. */
export function followWaiting(): () => void {
  const source = new EventSource(`${apiBase()}/api/admin/dashboard/waiting/events`);
  source.addEventListener('waiting', (event) => {
    const { waiting, now } = JSON.parse((event as MessageEvent<string>).data) as {
      waiting: WaitingOrder[];
      now: string;
    };
    const before = $dashboard.get();
    $dashboard.set({ ...before, waiting, online: true, offsetMs: Date.parse(now) - Date.now() });
    // An order accepted or placed changes the figures too.
    if (before.online && before.status === 'ready') void loadDashboard(before.days);
  });
  source.addEventListener('error', () => $dashboard.set({ ...$dashboard.get(), online: false }));
  return () => source.close();
}
