import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchKeys, searchParkings } from '../api/search-parkings';

/** How many listings a search would find (its `total`, and whether the server stopped counting), asked with one result per page. */
export const matchCountQueryOptions = (query: string | null) =>
  queryOptions({
    queryKey: [...searchKeys.all, 'count', query ?? ''] as const,
    queryFn: ({ signal }) => searchParkings(query!, undefined, signal).then((a) => ({ total: a.total, capped: a.total_capped })),
    enabled: query !== null,
    staleTime: 30_000,
    retry: false,
  });

/** The count the filter panel's button shows while the filters are changed, before they are applied. */
export const useMatchCount = (query: string | null) => useQuery({ ...matchCountQueryOptions(query), placeholderData: keepPreviousData });
