import type { GovernmentId } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { profileKey } from '../../accounts/api/get-profile';
import { governmentIdKey } from './get-government-id';

/** POST upload_govt_id, multipart field `file` (SPEC section 7). */
export function uploadGovtId(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiFetch<{ message: string; result: GovernmentId }>('upload_govt_id', { method: 'POST', body });
}

export function useUploadGovtId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGovtId,
    onSuccess: () => {
      // the profile's id_verification_status is now pending
      void queryClient.invalidateQueries({ queryKey: profileKey });
      void queryClient.invalidateQueries({ queryKey: governmentIdKey });
    },
  });
}
