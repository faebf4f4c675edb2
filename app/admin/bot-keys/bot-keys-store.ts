import { atom } from 'nanostores';
import type { InferResponseType } from 'hono/client';
import { api, type ApiClient } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';

/** A bot key as the API answers it (never the key itself, nor its hash). */
export type BotKeyRow = InferResponseType<ApiClient['admin']['bot-keys'][':id']['revoke']['$post'], 200>['botKey'];

/** The key just made, shown once; forgotten when the admin says they have stored it, or on leaving the page. */
export const $newBotKey = atom<{ key: string; name: string } | null>(null);

/** Makes a key; true when made (the key is then in $newBotKey). */
export async function createBotKey(name: string): Promise<boolean> {
  const answer = await readAnswer(api.admin['bot-keys'].$post({ json: { name } }));
  if (!answer.ok || answer.status !== 201) return false;
  $newBotKey.set({ key: answer.data.key, name: answer.data.botKey.name });
  return true;
}

/** Revokes a key; true when revoked. */
export async function revokeBotKey(id: number): Promise<boolean> {
  const answer = await readAnswer(api.admin['bot-keys'][':id'].revoke.$post({ param: { id: String(id) } }));
  return answer.ok;
}

export const forgetNewBotKey = () => $newBotKey.set(null);
