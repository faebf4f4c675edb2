/**
 * `client:idle`'s value for the shop's islands that wait for the browser to be idle (the navbar's, the progress bar,
 * the notification area, the cookie banner, the address entry): hydrate when idle, and at the latest after a second.
 * Without the limit an island can wait for ever: `requestIdleCallback` only runs in time the page leaves free, and a
 * page drawing a frame on every animation frame on a busy phone leaves none (seen in the browser tests on a loaded
 * machine: the cookie banner's button never woke up).
 */
export const WHEN_IDLE = { timeout: 1000 } as const;
