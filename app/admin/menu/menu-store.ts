import { atom, computed } from 'nanostores';
import { api, apiBase, type ApiClient } from '#app/api-client.ts';
import { readAnswer, type Answer } from '#app/api-answer.ts';
import type { MenuCategoryBody, MenuItemBody } from '#domain/menu-forms.ts';
import type { MenuCopyBody, PriceChange } from '#domain/menu-tools.ts';
import type { MenuFile } from '#domain/menu-file.ts';
import type { CopyOverwrite } from '#domain/menu-tools.ts';
import type { EditorItem, EditorMenu } from './menu-form.ts';

/*
 * The menu editor's store (issue 33): the restaurant's menu as the API answers it, the dishes picked for a price
 * change, and every call the editor makes. Components read the atoms and call these actions; none calls the API
 * itself. Each action answers the API's outcome (ok, or the refusal's key and field details) so that a form can
 * put a field's rule under its field; the menu is reloaded after every write, since the server decides positions,
 * ids and the rounding of prices.
 */

export type MenuEditorState =
  { status: 'loading' } | { status: 'ready'; menu: EditorMenu } | { status: 'error'; key: string };

export const $menuEditor = atom<MenuEditorState>({ status: 'loading' });
/** A write under way: the availability boxes and the dialogs' buttons wait for it. */
export const $menuBusy = atom(false);
/** The dishes picked for a price change, by id. */
export const $priceSelection = atom<ReadonlySet<number>>(new Set());
/** The restaurant the store holds; every action acts on it. */
let restaurantId = '';
let client: ApiClient = api;

export const $selectedItems = computed([$menuEditor, $priceSelection], (state, selected) =>
  state.status === 'ready' ? state.menu.categories.flatMap((c) => c.items).filter((item) => selected.has(item.id)) : [],
);

const menuEndpoint = () => client.admin.menu;
const idParam = (id: number | string) => ({ param: { id: String(id) } });

/** Loads (or reloads) the restaurant's menu; the first call names the restaurant and, in tests, the client. */
export async function loadMenu(restaurant?: string, withClient?: ApiClient): Promise<void> {
  if (restaurant !== undefined) {
    restaurantId = restaurant;
    $menuEditor.set({ status: 'loading' });
  }
  if (withClient) client = withClient;
  const answer = await readAnswer(menuEndpoint().restaurants[':id'].$get(idParam(restaurantId)));
  if (!answer.ok) {
    // A failed reload keeps the menu on screen; the caller says what went wrong.
    if ($menuEditor.get().status !== 'ready') $menuEditor.set({ status: 'error', key: answer.key });
    return;
  }
  const menu = answer.data as EditorMenu;
  $menuEditor.set({ status: 'ready', menu });
  // Dishes deleted since drop out of the selection.
  const ids = new Set(menu.categories.flatMap((c) => c.items.map((i) => i.id)));
  $priceSelection.set(new Set([...$priceSelection.get()].filter((id) => ids.has(id))));
}

/** Runs a write, then reloads the menu when it succeeded. */
async function write<T>(call: () => Promise<Response>): Promise<Answer<T>> {
  $menuBusy.set(true);
  try {
    const answer = (await readAnswer(call)) as Answer<T>;
    if (answer.ok) await loadMenu();
    return answer;
  } finally {
    $menuBusy.set(false);
  }
}

export const saveCategory = (categoryId: number | null, json: MenuCategoryBody) =>
  write(() =>
    categoryId === null
      ? menuEndpoint().restaurants[':id'].categories.$post({ ...idParam(restaurantId), json })
      : menuEndpoint().categories[':id'].$put({ ...idParam(categoryId), json }),
  );

export const saveItem = (itemId: number | null, json: MenuItemBody) =>
  write(() =>
    itemId === null
      ? menuEndpoint().restaurants[':id'].items.$post({ ...idParam(restaurantId), json })
      : menuEndpoint().items[':id'].$put({ ...idParam(itemId), json }),
  );

export const deleteRow = (kind: 'category' | 'item', id: number) =>
  write(() =>
    kind === 'category'
      ? menuEndpoint().categories[':id'].$delete(idParam(id))
      : menuEndpoint().items[':id'].$delete(idParam(id)),
  );

/** Shows the new state at once and saves it; a refused change is undone by reloading the menu. */
export async function setAvailable(item: EditorItem, available: boolean): Promise<Answer<unknown>> {
  const state = $menuEditor.get();
  if (state.status === 'ready') {
    const categories = state.menu.categories.map((c) => ({
      ...c,
      items: c.items.map((i) => (i.id === item.id ? { ...i, unavailable: !available } : i)),
    }));
    $menuEditor.set({ status: 'ready', menu: { ...state.menu, categories } });
  }
  $menuBusy.set(true);
  const answer = await readAnswer(
    menuEndpoint().items[':id'].availability.$put({ ...idParam(item.id), json: { unavailable: !available } }),
  );
  $menuBusy.set(false);
  if (!answer.ok) await loadMenu();
  return answer;
}

/** Picks a dish for the price change, or puts it back. */
export function toggleSelected(itemId: number, selected: boolean): void {
  const next = new Set($priceSelection.get());
  if (selected) next.add(itemId);
  else next.delete(itemId);
  $priceSelection.set(next);
}

/** Picks (or unpicks) every dish of a category. */
export function selectCategory(categoryId: number, selected: boolean): void {
  const state = $menuEditor.get();
  if (state.status !== 'ready') return;
  const next = new Set($priceSelection.get());
  for (const item of state.menu.categories.find((c) => c.id === categoryId)?.items ?? []) {
    if (selected) next.add(item.id);
    else next.delete(item.id);
  }
  $priceSelection.set(next);
}

export const clearSelection = () => $priceSelection.set(new Set());

/** Changes the prices of the dishes picked; the selection is kept, so a second round can follow. */
export const changePrices = (change: PriceChange) =>
  write<{ items: { id: number; price: number }[] }>(() =>
    menuEndpoint().restaurants[':id'].prices.$put({
      ...idParam(restaurantId),
      json: { itemIds: [...$priceSelection.get()], change },
    }),
  );

export const copyMenu = (json: MenuCopyBody) =>
  write(() => menuEndpoint().restaurants[':id'].copy.$post({ ...idParam(restaurantId), json }));

export const importMenu = (file: MenuFile, overwrite: CopyOverwrite) =>
  write(() => menuEndpoint().restaurants[':id'].import.$post({ ...idParam(restaurantId), json: { file, overwrite } }));

/**
 * Uploads a dish's photo to a restaurant: the file's bytes as the body (the server judges them, not the name or the
 * type the browser guesses). Answers the address the item's photo field takes.
 */
export const uploadPhoto = (restaurant: string, file: Blob) =>
  readAnswer(menuEndpoint().restaurants[':id'].photo.$post(idParam(restaurant), { init: { body: file } }));

/**
 * Where the browser downloads the menu as a file: a link, so the browser saves it as it saves any attachment
 * (the typed client's $url wants an absolute base, which the shop's same-origin API has not).
 */
export const exportHref = (format: 'json' | 'csv'): string =>
  `${apiBase()}/api/admin/menu/restaurants/${encodeURIComponent(restaurantId)}/export?format=${format}`;
