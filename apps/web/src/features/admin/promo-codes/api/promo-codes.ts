import type { CreatePromoCodeInput, PromoCode } from '@parkly/shared/promo-codes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { adminKeys, refreshAdminArea } from '../../admin-keys';

/** GET admin/promo_codes: every code, active ones first, with the uses that count. */
export const getPromoCodes = (signal?: AbortSignal) => apiFetch<{ result: PromoCode[] }>('admin/promo_codes', { signal }).then((r) => r.result);

export const promoCodesQueryOptions = () => queryOptions({ queryKey: adminKeys.area('promo-codes', 'list'), queryFn: ({ signal }) => getPromoCodes(signal) });
export const usePromoCodes = () => useQuery(promoCodesQueryOptions());

const refresh = (queryClient: ReturnType<typeof useQueryClient>) => Promise.all([refreshAdminArea(queryClient, 'promo-codes'), refreshAdminArea(queryClient, 'audit')]);

/** POST admin/promo_codes. */
export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePromoCodeInput) => apiFetch<{ result: PromoCode }>('admin/promo_codes', { method: 'POST', body }).then((r) => r.result),
    onSettled: () => refresh(queryClient),
  });
}

/** POST admin/promo_codes/:id/deactivate: no new uses; bookings that used it keep their discount. */
export function useDeactivatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ result: PromoCode }>(`admin/promo_codes/${encodeURIComponent(id)}/deactivate`, { method: 'POST' }).then((r) => r.result),
    onSettled: () => refresh(queryClient),
  });
}
