import type { AdminBookingDetail, AdminRefundInput } from '@parkly/shared/admin-bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { refreshAdminArea } from '../../admin-keys';
import { adminBookingKey } from './get-admin-booking';

/**
 * POST admin/bookings/:id/refund {amount | full, reason, idempotency_key}: the dialog makes the key once,
 * so sending it again (a double click, a retry) refunds once.
 */
export const refundBooking = ({ id, ...body }: AdminRefundInput & { id: string }) =>
  apiFetch<{ result: AdminBookingDetail }>(`admin/bookings/${encodeURIComponent(id)}/refund`, { method: 'POST', body }).then((r) => r.result);

export function useRefundBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundBooking,
    onSuccess: (booking) => queryClient.setQueryData(adminBookingKey(booking.id), booking),
    // the list's refunded column and the audit log change too
    onSettled: () => Promise.all([refreshAdminArea(queryClient, 'bookings'), refreshAdminArea(queryClient, 'audit')]),
  });
}
