import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { poolKeys } from '../../../lib/query-keys';
import { LIVE_DEBOUNCE_MS, LIVE_FALLBACK_POLL_MS, LIVE_REOPEN_MS, liveStreamUrl } from '../api/live';

/**
 * Keeps the pool area fresh while the page is open: one EventSource on the pool's live stream, and on
 * each change every pool query is refetched (debounced). While the stream is down, the pool area is
 * refetched every 15 s instead, until the stream is back. It keeps no state of its own: a state change
 * would draw the whole pool page again (at once, and right after hydration when the stream opens).
 */
export function useLiveUpdates(poolId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: poolKeys.all });
    if (typeof EventSource === 'undefined') {
      const poll = window.setInterval(refresh, LIVE_FALLBACK_POLL_MS);
      return () => window.clearInterval(poll);
    }
    let source: EventSource | null = null;
    let debounce: number | undefined;
    let poll: number | undefined;
    let reopen: number | undefined;
    let wasDown = false;
    function startPolling() {
      wasDown = true;
      poll ??= window.setInterval(refresh, LIVE_FALLBACK_POLL_MS);
    }
    function open() {
      reopen = undefined;
      source = new EventSource(liveStreamUrl(poolId));
      source.addEventListener('open', () => {
        window.clearInterval(poll);
        poll = undefined;
        // Changes made while the stream was down were not announced: catch up once.
        if (wasDown) refresh();
        wasDown = false;
      });
      source.addEventListener('change', () => {
        window.clearTimeout(debounce);
        debounce = window.setTimeout(refresh, LIVE_DEBOUNCE_MS);
      });
      source.addEventListener('error', () => {
        startPolling();
        // The browser reconnects by itself unless the server refused the stream; then try again later.
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          window.clearTimeout(reopen);
          reopen = window.setTimeout(open, LIVE_REOPEN_MS);
        }
      });
    }
    open();
    return () => {
      source?.close();
      window.clearTimeout(debounce);
      window.clearInterval(poll);
      window.clearTimeout(reopen);
    };
  }, [poolId, queryClient]);
}
