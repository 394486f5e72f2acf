import type { AuthAnswer, SignupInput } from '@parkly/shared/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { startSession } from './profile-cache';

/** POST signup: creates the account and answers a session token and the profile. */
export const signup = (input: SignupInput) => apiFetch<AuthAnswer>('signup', { method: 'POST', body: input });

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signup, onSuccess: (answer) => startSession(queryClient, answer) });
}
