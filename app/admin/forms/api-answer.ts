import { readAnswer, type Answer } from '#app/api-answer.ts';

/** An API call's outcome as the admin forms use it: the picked data, or the catalogue key and its details. */
export type ApiAnswer<T> = Answer<T>;

/** Reads a typed client's answer (readAnswer) and picks what the form needs from its data. */
export async function answerOf<R, T>(call: Promise<Response>, pick: (body: R) => T): Promise<ApiAnswer<T>> {
  const answer = await readAnswer(call);
  return answer.ok ? { ...answer, data: pick(answer.data as R) } : answer;
}
