import type { Profile } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { updateProfileCache } from './profile-cache';

/** POST profile/photo, multipart field `file` (JPEG, PNG or WebP). */
export function uploadProfilePhoto(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<{ result: Profile }>('profile/photo', { method: 'POST', body }).then((r) => r.result);
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadProfilePhoto, onSuccess: (profile) => updateProfileCache(queryClient, profile) });
}
