/** Wait after a change before refetching, so a burst of changes (a settled week) costs one refetch. */
export const LIVE_DEBOUNCE_MS = 500;
/** How often the pool area is refetched while the stream is down. */
export const LIVE_FALLBACK_POLL_MS = 15_000;
/** How long to wait before opening again a stream the browser gave up on (the server answered an error). */
export const LIVE_REOPEN_MS = 30_000;

/**
 * The pool's live stream (Server-Sent Events): `event: change` with { topic } (LiveChangeEventSchema)
 * whenever the pool changes. Only the topic comes: the pool area refetches through its ordinary calls.
 */
export function liveStreamUrl(poolId: number): string {
  return `/api/pools/${poolId}/live`;
}
