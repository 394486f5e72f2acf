import type { Earnings, PayoutAccount, PayoutAccountInput } from '@parkly/shared/earnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earningsKeys, refreshEarnings } from './earnings-keys';

/** PUT host/payout-account: a bank account or a UPI ID; the answer is masked. */
export const savePayoutAccount = (input: PayoutAccountInput) =>
  apiFetch<{ result: PayoutAccount }>('host/payout-account', { method: 'PUT', body: input }).then((r) => r.result);

export function useSavePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutAccount,
    onSuccess: (account) => {
      queryClient.setQueryData<Earnings>(earningsKeys.earnings(), (old) => (old ? { ...old, payout_account: account } : old));
      return refreshEarnings(queryClient);
    },
  });
}
