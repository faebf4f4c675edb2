import { atom } from 'nanostores';
import type { ApiClient } from '#app/api-client.ts';
import type { InferResponseType } from 'hono/client';

/** The logged-in user as GET /api/auth/getUser answers it (the server's SessionUser, through the typed client). */
export type CurrentUser = NonNullable<InferResponseType<ApiClient['auth']['getUser']['$get'], 200>['user']>;

export const $user = atom<CurrentUser | null>(null);

/** Asks the server who is logged in (the session cookie is httpOnly, so only the server can tell). */
export async function loadUser(client: ApiClient): Promise<void> {
  const response = await client.auth.getUser.$get();
  if (response.ok) $user.set((await response.json()).user);
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/**
 * Spec section 4: any 401 from the API while logged in logs the user out. Wraps the typed client's fetch, so every
 * call gets it without each store remembering. A failed login, and the forgotten-password form's UserDoesNotExists,
 * are the form's own answer, not a reason to log out;
 * the logout call ends the server's session too, so a role's 401 does not leave it half logged in.
 */
export function logoutOn401(base: Fetch): Fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const url = urlOf(input);
    if (response.status === 401 && $user.get() !== null && !/\/api\/auth\/(login|forgotPassword)(\?|$)/.test(url)) {
      $user.set(null);
      const logoutUrl = url.replace(/\/api\/.*$/, '/api/auth/logout');
      await Promise.resolve(base(logoutUrl, { credentials: 'include' })).catch(() => undefined);
    }
    return response;
  };
}

/** Spec section 6/7: GET /api/auth/logout, then the page goes home (the caller navigates). */
export async function logout(client: ApiClient): Promise<void> {
  try {
    await client.auth.logout.$get();
  } catch (error) {
    // Offline: the page still forgets the user; the server's session then ends on its own expiry.
    console.warn('logout: the server did not answer', error);
  }
  $user.set(null);
}
