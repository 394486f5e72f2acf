import type { ResetPasswordInput } from '@parkly/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST reset-password {token, password}: sets the new password and signs out every session. */
export const resetPassword = (input: ResetPasswordInput) => apiFetch<{ message: string }>('reset-password', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
