import type { GateAccount, GateAccountInput } from '@parkly/shared/gate-pass';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { gateKeys } from './gate-keys';

/** POST host/gate-accounts {name, email, password}: 409 EMAIL_TAKEN for an address in use. */
export const addGateAccount = (input: GateAccountInput) =>
  apiFetch<{ result: GateAccount }>('host/gate-accounts', { method: 'POST', body: input }).then((r) => r.result);

export function useAddGateAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addGateAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: gateKeys.accounts }) });
}
