import type { busyAnswerSchema } from '@parkly/shared/bookings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { listingKeys } from './listing-keys';

export type Busy = z.infer<typeof busyAnswerSchema>['result'];

/** How many days ahead the listing page and the time picker look. */
export const BUSY_DAYS = 14;

/** GET parkings/:id/busy?days: the periods in the coming days when every unit is taken (no guest's details). */
export const getBusy = (parkingId: string, days = BUSY_DAYS, signal?: AbortSignal) =>
  apiFetch<{ result: Busy }>(`parkings/${encodeURIComponent(parkingId)}/busy?days=${days}`, { signal }).then((r) => r.result);

export const busyQueryOptions = (parkingId: string, days = BUSY_DAYS) =>
  queryOptions({
    queryKey: listingKeys.busy(parkingId, days),
    queryFn: ({ signal }) => getBusy(parkingId, days, signal),
    staleTime: 60_000,
  });

export const useBusy = (parkingId: string, days = BUSY_DAYS) => useQuery({ ...busyQueryOptions(parkingId, days), enabled: parkingId !== '' });
