import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { searchKeys, searchParkings } from './search-page';

export { searchKeys, searchParkings };

/** One search's pages (GET parkings/search with its cursor); `query` is a toApiQuery() string, null when there is nowhere to search. */
export const searchQueryOptions = (query: string | null) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(query ?? ''),
    queryFn: ({ pageParam, signal }) => searchParkings(query!, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    enabled: query !== null,
    staleTime: 30_000,
    retry: 1,
  });

/** The results for the current search; the previous results stay on screen while the next ones load. */
export const useSearchParkings = (query: string | null) => useInfiniteQuery({ ...searchQueryOptions(query), placeholderData: keepPreviousData });
