import type { Booking, PayBookingInput } from '@parkly/shared/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeBooking } from '../../bookings/api/booking-keys';
import { paymentMethodKeys } from '../../payment-methods/api/payment-method-keys';

/**
 * With Razorpay: `{razorpay:{}}` starts a Checkout payment (402 PAYMENT_ACTION_REQUIRED with the order);
 * then Checkout's handler fields record it, or `{razorpay_order_id, razorpay_payment_id}` reports the
 * attempt Checkout said failed (the server asks Razorpay: 402 PAYMENT_DECLINED, or recorded after all).
 */
export type RazorpayPayInput =
  | { razorpay: Record<string, never> }
  | { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }
  | { razorpay_order_id: string; razorpay_payment_id: string };

export interface PayBookingVariables {
  id: string;
  input: PayBookingInput | RazorpayPayInput;
}

/**
 * POST bookings/:id/pay {card, save_card?} or {payment_method_id}: the booking, now confirmed
 * (instant book) or requested. 402 PAYMENT_DECLINED keeps the hold (try another card); 402
 * TOO_MANY_DECLINES when that was the booking's last allowed decline (the hold is released); 429
 * RATE_LIMITED past the payer's hourly cap on declines (the hold runs on); 409 CONFLICT when it is no
 * longer awaiting payment; 503 PAYMENT_UNAVAILABLE when nothing was taken. With Stripe,
 * 402 PAYMENT_ACTION_REQUIRED carries `action` (3-D Secure): after Stripe.js's challenge, the same call
 * with {payment_intent_id} answers how it went.
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
