import type { ListingReportInput } from '@parkly/shared/admin-listings';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST parkings/:id/report {reason}: 201 for a new report, 200 with the open one when sent again. */
export const reportListing = ({ id, ...input }: ListingReportInput & { id: string }) =>
  apiFetch<{ message: string; result: { id: string; status: 'open' | 'resolved'; created_at: string } }>(`parkings/${encodeURIComponent(id)}/report`, {
    method: 'POST',
    body: input,
  });

export const useReportListing = () => useMutation({ mutationFn: reportListing });
