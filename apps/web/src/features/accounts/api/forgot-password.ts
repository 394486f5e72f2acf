import type { ForgotPasswordInput } from '@parkly/shared/accounts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST forgot-password: mails a reset link; the answer is the same whether or not the account exists. */
export const forgotPassword = (input: ForgotPasswordInput) => apiFetch<{ message: string }>('forgot-password', { method: 'POST', body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
