import type { Profile } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getToken, setMode } from '../../../lib/storage';
import { profileKey, profileQueryOptions } from '../../accounts/api/get-profile';

/** POST become-host: answers the profile with host_user 1. */
export const becomeHost = () => apiFetch<{ result: Profile }>('become-host', { method: 'POST' }).then((r) => r.result);

export function useBecomeHost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: becomeHost,
    onSuccess: (profile) => {
      // the host guard reads the cached profile: it must say host before we navigate
      queryClient.setQueryData(profileQueryOptions(getToken()).queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: profileKey, refetchType: 'none' });
      setMode('host');
    },
  });
}
