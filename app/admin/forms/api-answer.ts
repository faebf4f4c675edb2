import { readAnswer, type Answer, type DataOf } from '#app/api-answer.ts';

/** An API call's outcome as the admin forms use it: the picked data, or the catalogue key and its details. */
export type ApiAnswer<T> = Answer<T>;

/** Reads a typed client's answer (readAnswer) and picks what the form needs from its data, typed by the route. */
export async function answerOf<R extends Response, T>(
  call: Promise<R>,
  pick: (body: DataOf<R>) => T,
): Promise<ApiAnswer<T>> {
  const answer = await readAnswer(call);
  return answer.ok ? { ...answer, data: pick(answer.data) } : answer;
}

/**
 * A row the API answered, as a form's values. The database's text columns (a country, a role, a status) reach the
 * typed client as plain strings where the form's schema names their few values: the server wrote them through that
 * schema, and the form checks them again before it saves. The row must carry every field the form holds.
 */
export const asFormValues = <V extends object>(row: { [K in keyof V]: unknown }): V => row as V;
