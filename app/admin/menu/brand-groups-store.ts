import { atom } from 'nanostores';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer, type Answer } from '#app/api-answer.ts';
import type { BrandGroupBody, BrandGroupCreateBody } from '#domain/brand-groups.ts';
import type { EditorGroup } from './menu-form.ts';

/*
 * A brand's shared modifier groups (issue 38, decision 058): the brand screen's list and every call it makes, and
 * the menu editor's attaching of one group to the dishes picked. As in menu-store.ts, components read the atom and
 * call these actions; each write reloads the list, since the server decides ids and which dishes hold a copy.
 */

export type BrandGroupView = EditorGroup & {
  currency: string;
  attachedTo: { itemId: number; name: string; restaurantId: number; restaurantName: string }[];
};
export type BrandGroupsList = {
  brand: { id: number; name: string; currencies: string[] };
  groups: BrandGroupView[];
};
export type BrandGroupsState =
  { status: 'loading' } | { status: 'ready'; list: BrandGroupsList } | { status: 'error'; key: string };

export const $brandGroups = atom<BrandGroupsState>({ status: 'loading' });
export const $brandGroupsBusy = atom(false);
let brandId = '';
let client: ApiClient = api;

const endpoint = () => client.admin.menu;
const idParam = (id: number | string) => ({ param: { id: String(id) } });

/** Loads (or reloads) the brand's groups; the first call names the brand and, in tests, the client. */
export async function loadBrandGroups(brand?: string, withClient?: ApiClient): Promise<void> {
  if (brand !== undefined) {
    brandId = brand;
    $brandGroups.set({ status: 'loading' });
  }
  if (withClient) client = withClient;
  const answer = await readAnswer(endpoint().brands[':id'].groups.$get(idParam(brandId)));
  if (!answer.ok) {
    if ($brandGroups.get().status !== 'ready') $brandGroups.set({ status: 'error', key: answer.key });
    return;
  }
  $brandGroups.set({ status: 'ready', list: answer.data as BrandGroupsList });
}

async function write<T>(call: () => Promise<Response>, reload: boolean): Promise<Answer<T>> {
  $brandGroupsBusy.set(true);
  try {
    const answer = (await readAnswer(call)) as Answer<T>;
    if (answer.ok && reload) await loadBrandGroups();
    return answer;
  } finally {
    $brandGroupsBusy.set(false);
  }
}

/** Defines a new group (with its currency) or edits one; an edit answers how many dishes' copies followed. */
export const saveBrandGroup = (groupId: number | null, json: BrandGroupCreateBody) => {
  if (groupId === null) {
    return write<{ group: BrandGroupView }>(
      () => endpoint().brands[':id'].groups.$post({ ...idParam(brandId), json }),
      true,
    );
  }
  const { currency: _currency, ...definition } = json;
  const body: BrandGroupBody = definition;
  return write<{ copies: number }>(
    () => endpoint()['brand-groups'][':id'].$put({ ...idParam(groupId), json: body }),
    true,
  );
};

export const deleteBrandGroup = (groupId: number) =>
  write(() => endpoint()['brand-groups'][':id'].$delete(idParam(groupId)), true);

/**
 * Attaches a group to dishes at once (the menu editor's picked dishes); the caller reloads the menu. With a client
 * given (tests), it is used for this call and kept.
 */
export function attachBrandGroup(groupId: number, itemIds: number[], withClient?: ApiClient) {
  if (withClient) client = withClient;
  return write<{ attached: number[]; already: number[] }>(
    () => endpoint()['brand-groups'][':id'].attach.$post({ ...idParam(groupId), json: { itemIds } }),
    false,
  );
}
