import type { AuthAnswer, LoginInput } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { startSession } from './profile-cache';

/** POST login: answers a session token and the profile. */
export const login = (input: LoginInput) => apiFetch<AuthAnswer>('login', { method: 'POST', body: input });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: login, onSuccess: (answer) => startSession(queryClient, answer) });
}
