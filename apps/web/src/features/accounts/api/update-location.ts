import type { LocationInput, Profile } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { updateProfileCache } from './profile-cache';

/** PUT location {lat, lng, label?} */
export const updateLocation = (input: LocationInput) => apiFetch<{ result: Profile }>('location', { method: 'PUT', body: input }).then((r) => r.result);

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateLocation, onSuccess: (profile) => updateProfileCache(queryClient, profile) });
}
