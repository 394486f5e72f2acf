import type { busyAnswerSchema } from '@parkly/shared/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

export type Busy = z.infer<typeof busyAnswerSchema>['result'];

/** How many days ahead the listing page and the time picker look. */
export const BUSY_DAYS = 14;

/**
 * GET parkings/:id/busy?days: the periods in the coming days when every unit is taken (no guest's details);
 * for a motorcycle, when every two-wheeler bay is (decision 040).
 */
export const getBusy = (parkingId: string, days = BUSY_DAYS, signal?: AbortSignal, vehicleType?: 'motorcycle' | null) =>
  apiFetch<{ result: Busy }>(`parkings/${encodeURIComponent(parkingId)}/busy?days=${days}${vehicleType ? `&vehicle_type=${vehicleType}` : ''}`, { signal }).then(
    (r) => r.result,
  );

export const busyQueryOptions = (parkingId: string, days = BUSY_DAYS, vehicleType?: 'motorcycle' | null) =>
  queryOptions({
    queryKey: [...listingKeys.busy(parkingId, days), vehicleType ?? 'car'],
    queryFn: ({ signal }) => getBusy(parkingId, days, signal, vehicleType),
    staleTime: 60_000,
  });

export const useBusy = (parkingId: string, days = BUSY_DAYS, vehicleType?: 'motorcycle' | null) =>
  useQuery({ ...busyQueryOptions(parkingId, days, vehicleType), enabled: parkingId !== '' });
