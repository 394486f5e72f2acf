import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { gateKeys } from './gate-keys';

/** DELETE host/gate-accounts/:id: the account is removed and signed out everywhere. */
export const removeGateAccount = (id: string) => apiFetch<{ result: { id: string } }>(`host/gate-accounts/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemoveGateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeGateAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: gateKeys.accounts }) });
}
