import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET logout: revokes this session and answers {message}. */
export const logout = () => apiFetch<{ message: string }>('logout');

/**
 * The caller clears storage and the query cache (SPEC section 4), so nothing is invalidated here.
 * `before` runs first, while the session can still be used (the shell lets go of push there); it must
 * not throw.
 */
export const useLogout = (before?: () => Promise<void>) =>
  useMutation({
    mutationFn: async () => {
      await before?.();
      return logout();
    },
  });
