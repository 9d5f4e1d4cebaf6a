import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddChangelogEntryRequest,
  AddChangelogEntryResponseSchema,
  ChangelogListResponseSchema,
  ChangelogStateSchema,
} from '../../../../core/contracts/changelog';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { changelogKeys } from '../../../lib/query-keys';

/** Every changelog entry, newest first. */
export function useChangelog() {
  return useQuery({
    queryKey: changelogKeys.list,
    queryFn: () => apiFetch('/api/changelog', { schema: ChangelogListResponseSchema }),
  });
}

/** Marks the changelog read for the session user, then refreshes the sidebar's unread badge. */
export function useMarkChangelogViewed() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => apiFetch('/api/changelog/mark-viewed', { body: {}, schema: ChangelogStateSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: changelogKeys.unread.all }),
  });
}

/** Site admin: posts a changelog entry. */
export function useAddChangelogEntry() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: AddChangelogEntryRequest) =>
      apiFetch('/admin/super/addChangelogEntry', { body, schema: AddChangelogEntryResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: changelogKeys.all }),
  });
}
