import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET delete-account: revokes every session, removes personal data and answers {message}. */
export const deleteAccount = () => apiFetch<{ message: string }>('delete-account');

/** The caller clears storage and the query cache (SPEC section 4), so nothing is invalidated here. */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
