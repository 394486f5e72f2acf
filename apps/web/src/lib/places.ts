import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Place } from '@parkly/shared/places';
import { apiFetch } from './api-client';

export type { Place };

/** GET places?q=: Indian cities and localities from the server's gazetteer (and listed localities). */
export const searchPlaces = (q: string, signal?: AbortSignal) =>
  apiFetch<{ result: Place[] }>(`places?q=${encodeURIComponent(q)}`, { signal }).then((r) => r.result);

export const placesQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['places', q], queryFn: ({ signal }) => searchPlaces(q, signal), enabled: q.length >= 2, staleTime: 10 * 60_000, retry: false });

export const usePlaces = (q: string) => useQuery({ ...placesQueryOptions(q.trim()), placeholderData: keepPreviousData });
