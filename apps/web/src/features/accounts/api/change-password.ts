import type { ChangePasswordInput } from '@parkly/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST change-password: other sessions are signed out, this one stays. */
export const changePassword = (input: ChangePasswordInput) => apiFetch<{ message: string }>('change-password', { method: 'POST', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
