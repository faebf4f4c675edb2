import { atom, task } from 'nanostores';
import { addressRules } from '#domain/accounts.ts';
import { validate } from '#domain/forms.ts';
import { api, type ApiClient } from '#app/api-client.ts';
import { createForm, type Reply } from '#app/forms/form.ts';
import { readAnswer } from '#app/api-answer.ts';
import type { UiLocale } from '#i18n/messages.ts';
import { defaultCountry, type FormCountry, type SavedAddress } from './shared.ts';
import { $account } from './profile.ts';

// The my-addresses screen: the address book and its form.

export type AddressValues = {
  street: string;
  streetNo: string;
  aptNo: string;
  city: string;
  zip: string;
  country: FormCountry;
  isDefault: boolean;
};

/** Which address the form edits: none (closed), a new one, or a saved one by id. */
export const $addressEditor = atom<null | 'new' | string>(null);

export const addressForm = createForm<AddressValues, { address: SavedAddress }>(
  { street: '', streetNo: '', aptNo: '', city: '', zip: '', country: 'pl', isDefault: false },
  (values) => validate(addressRules, values, { country: values.country }),
);

export function openAddressEditor(target: 'new' | SavedAddress, locale: UiLocale): void {
  if (target === 'new') {
    addressForm.reset({ country: defaultCountry(locale), isDefault: $account.get().addresses.length === 0 });
    $addressEditor.set('new');
    return;
  }
  addressForm.reset({
    street: target.street,
    streetNo: target.streetNo,
    aptNo: target.aptNo ?? '',
    city: target.city,
    zip: target.zip,
    country: target.country === 'ua' ? 'ua' : 'pl',
    isDefault: target.isDefault,
  });
  $addressEditor.set(target.id);
}

export const closeAddressEditor = (): void => $addressEditor.set(null);

/** Saves the open address form (a new address, or changes to a saved one) and refreshes the list. */
export async function saveAddress(client: ApiClient = api) {
  const editing = $addressEditor.get();
  if (!editing) return null;
  const first = await addressForm.submit(({ isDefault, aptNo, ...fields }) => {
    const json = { ...fields, aptNo: aptNo.trim() || null };
    return editing === 'new'
      ? client.account.addresses.$post({ json: { ...json, isDefault } })
      : client.account.addresses[':id'].$put({ param: { id: editing }, json });
  });
  if (addressForm.$state.get().status !== 'done') return first;
  const { isDefault } = addressForm.$state.get().values;
  const saved = addressForm.$state.get().result?.address;
  // A saved address made default here is one more call: the address itself has no default flag to PUT.
  if (editing !== 'new' && isDefault && saved && !saved.isDefault) await makeDefaultAddress(saved.id, client);
  else await reloadAddresses(client);
  $addressEditor.set(null);
  return null;
}

export const $addressError = atom<string | null>(null);

async function reloadAddresses(client: ApiClient) {
  const response = await client.account.addresses.$get();
  if (response.ok) $account.setKey('addresses', (await response.json()).addresses);
}

async function addressListCall<R extends Reply>(call: Promise<R>) {
  // Both calls answer the whole address book.
  const answer = await readAnswer(call);
  if (answer.ok) {
    $account.setKey('addresses', (answer.data as { addresses: SavedAddress[] }).addresses);
    $addressError.set(null);
  } else $addressError.set(answer.key);
}

export const makeDefaultAddress = (id: string, client: ApiClient = api): Promise<void> =>
  task(() => addressListCall(client.account.addresses[':id'].default.$post({ param: { id } })));

export const removeAddress = (id: string, client: ApiClient = api): Promise<void> =>
  task(async () => {
    await addressListCall(client.account.addresses[':id'].$delete({ param: { id } }));
    if ($addressEditor.get() === id) $addressEditor.set(null);
  });
