import { atom, map } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';
import { ADMIN_LIST_PAGE_SIZE, type ListEntity } from '#domain/admin-lists.ts';

export type ListRow = Record<string, unknown>;
export type ListState =
  { status: 'loading' } | { status: 'ready'; rows: ListRow[]; count: number } | { status: 'error'; key: string };

/** The page of the list on screen; the URL (path and query) is what asks for it, so a reload shows the same. */
export const $adminList = atom<ListState>({ status: 'loading' });

/** Names to pick concepts, restaurants and locations by in the filters, by list: id → name. */
export const $filterChoices = map<Partial<Record<'concepts' | 'restaurants' | 'locations', [number, string][]>>>({});

type ListGetter = (args: { query: Record<string, string> }) => Promise<Response>;
const getterOf = (client: ApiClient, entity: ListEntity) =>
  (client.admin[entity] as unknown as { $get: ListGetter }).$get;

async function fetchPage(client: ApiClient, entity: ListEntity, query: Record<string, string>) {
  const answer = await readAnswer(getterOf(client, entity)({ query }));
  if (!answer.ok) throw new Error(answer.key);
  const body = answer.data as { rows?: ListRow[]; count?: number };
  if (!body.rows) throw new Error('internalError');
  return { rows: body.rows, count: body.count ?? 0 };
}

/** Loads one page of a list with the query string the page's URL carries (filters and sort). */
export async function loadAdminList(entity: ListEntity, page: number, search: string, client: ApiClient = api) {
  $adminList.set({ status: 'loading' });
  const query = Object.fromEntries(new URLSearchParams(search));
  try {
    const { rows, count } = await fetchPage(client, entity, { ...query, page: String(page) });
    $adminList.set({ status: 'ready', rows, count });
  } catch (error) {
    $adminList.set({ status: 'error', key: error instanceof Error ? error.message : 'unknown' });
  }
}

// Enough for every concept, location or restaurant a marketplace has; a filter with more would want a search box.
const MAX_CHOICE_PAGES = 8;

/** The names a filter offers for a referenced list (all its rows, by name), loaded once per page view. */
export async function loadFilterChoices(list: 'concepts' | 'restaurants' | 'locations', client: ApiClient = api) {
  if ($filterChoices.get()[list]) return;
  const choices: [number, string][] = [];
  try {
    for (let page = 1; page <= MAX_CHOICE_PAGES; page += 1) {
      const { rows, count } = await fetchPage(client, list, { sort: 'name', page: String(page) });
      for (const row of rows) choices.push([Number(row['id']), String(row['name'])]);
      if (page * ADMIN_LIST_PAGE_SIZE >= count) break;
    }
  } catch {
    // Without names the filter still shows what the URL holds; the list itself reports its own errors.
  }
  $filterChoices.setKey(list, choices);
}
