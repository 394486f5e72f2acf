import type { Profile } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { updateProfileCache } from './profile-cache';

/** DELETE profile/photo: back to the default avatar. */
export const deleteProfilePhoto = () => apiFetch<{ result: Profile }>('profile/photo', { method: 'DELETE' }).then((r) => r.result);

export function useDeleteProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProfilePhoto, onSuccess: (profile) => updateProfileCache(queryClient, profile) });
}
