import { atom } from 'nanostores';
import { api } from '#app/api-client.ts';

/** A bot key as the list shows it (the API never answers the key itself, nor its hash). */
export type BotKeyRow = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export const BOT_KEY_SORTS = ['createdAt', 'lastUsedAt', 'name'] as const;
export type BotKeySort = (typeof BOT_KEY_SORTS)[number];

/** What the list shows, as the URL says it: the page in the path, the filter and the sort in the query. */
export type BotKeysQuery = {
  page: number;
  status?: 'active' | 'revoked' | undefined;
  sort?: BotKeySort | undefined;
  order?: 'asc' | 'desc' | undefined;
};

export type BotKeysState =
  { status: 'loading' } | { status: 'ready'; rows: BotKeyRow[]; count: number } | { status: 'error' };

export const $botKeys = atom<BotKeysState>({ status: 'loading' });
/** The key just made, shown once; forgotten when the admin says they have stored it, or on leaving the page. */
export const $newBotKey = atom<{ key: string; name: string } | null>(null);

let latest = 0;

/** Loads one page of keys; a slower earlier answer never overwrites a newer one. */
export async function loadBotKeys(query: BotKeysQuery): Promise<void> {
  const call = ++latest;
  $botKeys.set({ status: 'loading' });
  try {
    const response = await api.admin['bot-keys'].$get({
      query: {
        page: String(query.page),
        ...(query.status ? { status: query.status } : {}),
        ...(query.sort ? { sort: query.sort } : {}),
        ...(query.order ? { order: query.order } : {}),
      },
    });
    if (call !== latest) return;
    if (!response.ok) {
      $botKeys.set({ status: 'error' });
      return;
    }
    const body = (await response.json()) as { rows: BotKeyRow[]; count: number };
    if (call === latest) $botKeys.set({ status: 'ready', rows: body.rows, count: body.count });
  } catch {
    if (call === latest) $botKeys.set({ status: 'error' });
  }
}

/** Makes a key; true when made (the key is then in $newBotKey). */
export async function createBotKey(name: string): Promise<boolean> {
  try {
    const response = await api.admin['bot-keys'].$post({ json: { name } });
    if (response.status !== 201) return false;
    const body = (await response.json()) as { key: string; botKey: BotKeyRow };
    $newBotKey.set({ key: body.key, name: body.botKey.name });
    return true;
  } catch {
    return false;
  }
}

/** Revokes a key; true when revoked. */
export async function revokeBotKey(id: number): Promise<boolean> {
  try {
    const response = await api.admin['bot-keys'][':id'].revoke.$post({ param: { id: String(id) } });
    return response.ok;
  } catch {
    return false;
  }
}

export const forgetNewBotKey = () => $newBotKey.set(null);

/** The list's query from the address bar's search part (the page comes from the path). */
export function queryFromSearch(page: number, search: string): BotKeysQuery {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const sort = params.get('sort');
  const order = params.get('order');
  return {
    page,
    status: status === 'active' || status === 'revoked' ? status : undefined,
    sort: (BOT_KEY_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BotKeySort) : undefined,
    order: order === 'asc' || order === 'desc' ? order : undefined,
  };
}

/** The search part that keeps a query's filter and sort (the page is in the path). */
export function searchOf(query: BotKeysQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.sort) params.set('sort', query.sort);
  if (query.order) params.set('order', query.order);
  const text = params.toString();
  return text ? `?${text}` : '';
}
