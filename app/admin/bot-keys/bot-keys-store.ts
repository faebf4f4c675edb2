import { atom } from 'nanostores';
import { api } from '#app/api-client.ts';

/** A bot key as the API answers it (never the key itself, nor its hash). */
export type BotKeyRow = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The key just made, shown once; forgotten when the admin says they have stored it, or on leaving the page. */
export const $newBotKey = atom<{ key: string; name: string } | null>(null);

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
