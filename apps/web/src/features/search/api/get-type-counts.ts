import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TypeCounts } from '@parkly/shared/search';
import { apiFetch } from '../../../lib/api-client';
import { searchKeys } from './search-page';

export const typeCountsQueryOptions = () =>
  queryOptions({
    queryKey: searchKeys.types,
    queryFn: ({ signal }) => apiFetch<{ result: TypeCounts }>('parkings/types', { signal }).then((r) => r.result),
    staleTime: 5 * 60_000,
  });

/** Live listings per parking type (GET parkings/types). */
export const useTypeCounts = () => useQuery(typeCountsQueryOptions());
