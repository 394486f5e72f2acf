import type { Earnings, PayoutSchedule, PayoutScheduleInput } from '@parkly/shared/earnings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earningsKeys } from './earnings-keys';

/** PUT host/payout-schedule {frequency}: when the whole available balance is paid out without asking. */
export const savePayoutSchedule = (input: PayoutScheduleInput) =>
  apiFetch<{ result: PayoutSchedule }>('host/payout-schedule', { method: 'PUT', body: input }).then((r) => r.result);

export function useSavePayoutSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutSchedule,
    onSuccess: (schedule) => queryClient.setQueryData<Earnings>(earningsKeys.earnings(), (old) => (old ? { ...old, payout_schedule: schedule } : old)),
  });
}
