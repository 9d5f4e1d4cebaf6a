import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CalendarAddressResponse, CalendarAddressResponseSchema } from '../../../../core/contracts/me';
import { apiFetch } from '../../../lib/api';
import { useSubmitMutation } from '../../../lib/mutation';
import { profileKeys } from '../../../lib/query-keys';

/** Whether the signed-in user has a deadline calendar address, and since when. */
export function useCalendarAddress() {
  return useQuery<CalendarAddressResponse>({
    queryKey: profileKeys.calendar,
    queryFn: () => apiFetch('/api/me/calendar', { schema: CalendarAddressResponseSchema }),
  });
}

/** Makes a new calendar address (the old one stops); its answer is the only time the address is shown. */
export function useRenewCalendarAddress() {
  const client = useQueryClient();
  return useSubmitMutation<CalendarAddressResponse, Error, void>({
    mutationFn: () => apiFetch('/api/me/calendar/renew', { body: {}, schema: CalendarAddressResponseSchema }),
    onSuccess: (answer) => client.setQueryData(profileKeys.calendar, { created_at: answer.created_at }),
  });
}
