import { useQuery } from '@tanstack/react-query';
import { type PicksDueResponse, PicksDueResponseSchema } from '../../../../core/contracts/me';
import { apiFetch } from '../../../lib/api';
import { picksDueKeys } from '../../../lib/query-keys';

/**
 * The key of every picks-due query: a pick (or a rebuy) anywhere invalidates ['picksDue'] so the
 * landing card, the sidebar and the header badge follow at once.
 */

const POLL_MS = 60_000;

/** The signed-in user's entries that owe picks, polled; nothing is asked for a visitor. */
export function usePicksDue(username: string | undefined) {
  return useQuery<PicksDueResponse>({
    queryKey: picksDueKeys.of(username),
    queryFn: () => apiFetch('/api/me/picks-due', { schema: PicksDueResponseSchema }),
    enabled: Boolean(username),
    refetchInterval: POLL_MS,
    staleTime: 15_000,
  });
}
