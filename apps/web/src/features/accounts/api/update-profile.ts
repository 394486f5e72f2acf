import type { Profile, UpdateProfileInput } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { updateProfileCache } from './profile-cache';

/** PATCH profile {name?, phone?} */
export const updateProfile = (input: UpdateProfileInput) => apiFetch<{ result: Profile }>('profile', { method: 'PATCH', body: input }).then((r) => r.result);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => updateProfileCache(queryClient, profile) });
}
