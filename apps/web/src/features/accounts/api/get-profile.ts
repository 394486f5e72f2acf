import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@parkly/shared/accounts';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';

export const profileKey = ['profile'] as const;

export const getProfile = (signal?: AbortSignal) => apiFetch<{ result: Profile }>('get_profile', { signal }).then((r) => r.result);

export const profileQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...profileKey, token], queryFn: ({ signal }) => getProfile(signal), enabled: token !== null, staleTime: 60_000 });

/** The signed-in user's profile; `data` is undefined when logged out. Failures are only logged (SPEC 8). */
export function useProfile() {
  const token = useToken();
  return useQuery(profileQueryOptions(token));
}
