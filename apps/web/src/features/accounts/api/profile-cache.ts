import type { AuthAnswer, Profile } from '@parkly/shared/accounts';
import type { QueryClient } from '@tanstack/react-query';
import { getToken, setMode, setToken } from '../../../lib/storage';
import { profileKey, profileQueryOptions } from './get-profile';

/** After a change the server answered with the new profile: show it at once, then refetch to be sure. */
export function updateProfileCache(queryClient: QueryClient, profile: Profile) {
  queryClient.setQueryData(profileQueryOptions(getToken()).queryKey, profile);
  void queryClient.invalidateQueries({ queryKey: profileKey });
}

/** Sign-up and login: keep the token, start in guest mode, and seed the profile so the nav shows it at once. */
export function startSession(queryClient: QueryClient, answer: AuthAnswer) {
  queryClient.removeQueries({ queryKey: profileKey });
  queryClient.setQueryData(profileQueryOptions(answer.token).queryKey, answer.result);
  setToken(answer.token);
  setMode('guest');
}
