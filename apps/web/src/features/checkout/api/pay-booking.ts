import type { Booking, PayBookingInput } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from '../../bookings/api/booking-keys';
import { paymentMethodKeys } from '../../payment-methods/api/payment-method-keys';

export interface PayBookingVariables {
  id: string;
  input: PayBookingInput;
}

/**
 * POST bookings/:id/pay {card, save_card?} or {payment_method_id}: the booking, now confirmed
 * (instant book) or requested. 402 PAYMENT_DECLINED keeps the hold (try another card); 402
 * TOO_MANY_DECLINES when that was the booking's last allowed decline (the hold is released); 429
 * RATE_LIMITED past the payer's hourly cap on declines (the hold runs on); 409 CONFLICT when it is no
 * longer awaiting payment; 503 PAYMENT_UNAVAILABLE when nothing was taken. With Stripe,
 * 402 PAYMENT_ACTION_REQUIRED carries `action` (3-D Secure): after Stripe.js's challenge, the same call
 * with {payment_intent_id} answers how it went. With Razorpay, {razorpay:{}} answers that 402 with the
 * order for Checkout; Checkout's handler fields then record the payment, and {razorpay_order_id,
 * razorpay_payment_id} reports an attempt Checkout said failed (402 PAYMENT_DECLINED, or recorded after all).
 */
export const payBooking = ({ id, input }: PayBookingVariables) =>
  apiFetch<{ result: Booking }>(`bookings/${encodeURIComponent(id)}/pay`, { method: 'POST', body: input }).then((r) => r.result);

export function usePayBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payBooking,
    onSuccess: (booking, { input }) => {
      if ('save_card' in input && input.save_card) void queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all });
      return storeBooking(queryClient, booking);
    },
  });
}
