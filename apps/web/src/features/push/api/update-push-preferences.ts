import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences, UpdatePushPreferencesInput } from '@parkly/shared/push';
import { apiFetch } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import { pushPreferencesKey, pushPreferencesQueryOptions } from './get-push-preferences';

/** PATCH push/preferences {messages?, bookings?, reviews?, payouts?}: answers every kind. */
export const updatePushPreferences = (input: UpdatePushPreferencesInput) =>
  apiFetch<{ result: PushPreferences }>('push/preferences', { method: 'PATCH', body: input }).then((r) => r.result);

/** A switch moves at once; if the server refuses, it moves back (and the caller shows the error). */
export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  const key = () => pushPreferencesQueryOptions(getToken()).queryKey;
  return useMutation({
    mutationKey: pushPreferencesKey,
    mutationFn: updatePushPreferences,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: pushPreferencesKey });
      const before = queryClient.getQueryData(key());
      if (before) queryClient.setQueryData(key(), { ...before, ...input });
      return { before };
    },
    onError: (_err, _input, context) => {
      if (context?.before) queryClient.setQueryData(key(), context.before);
    },
    // with another switch still on its way, its answer (which includes this one) settles the cache
    onSuccess: (prefs) => {
      if (queryClient.isMutating({ mutationKey: pushPreferencesKey }) <= 1) queryClient.setQueryData(key(), prefs);
    },
  });
}
