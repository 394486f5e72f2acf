import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushPreferences } from '@parkly/shared/push';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';

export const pushPreferencesKey = ['push', 'preferences'] as const;

/** GET push/preferences: which kinds of push reach this user's devices (all on until turned off). */
export const getPushPreferences = (signal?: AbortSignal) => apiFetch<{ result: PushPreferences }>('push/preferences', { signal }).then((r) => r.result);

export const pushPreferencesQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: [...pushPreferencesKey, token], queryFn: ({ signal }) => getPushPreferences(signal), enabled: token !== null });

export function usePushPreferences() {
  return useQuery(pushPreferencesQueryOptions(useToken()));
}
