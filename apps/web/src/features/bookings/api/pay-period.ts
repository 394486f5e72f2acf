import type { Booking, PayPeriodInput } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from './booking-keys';

export interface PayPeriodVariables {
  id: string;
  /** the month (from 2) */
  n: number;
  input: PayPeriodInput;
}

/**
 * POST bookings/:id/periods/:n/pay (decision 042): the driver confirms a monthly pass's renewal that waits on them.
 * `{}` pays with the saved card (402 PAYMENT_ACTION_REQUIRED with Stripe's action when the bank wants its check,
 * then `{payment_intent_id}`); with Razorpay `{razorpay: {method}}` answers the 402 with a Checkout order that also
 * sets the renewals up again, then Checkout's fields. The answer is the booking, the month paid. 402
 * PAYMENT_DECLINED: nothing taken, the month still waits; 409 when it no longer needs confirming.
 */
export const payPeriod = ({ id, n, input }: PayPeriodVariables) =>
  apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/periods/${n}/pay`, { method: 'POST', body: input }).then((r) => r.result);

export function usePayPeriod() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payPeriod, onSuccess: (booking) => storeBooking(queryClient, booking) });
}
