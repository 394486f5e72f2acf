import { useQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '@parkly/shared/search';
import { apiFetch } from '../../../lib/api-client';

export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => ['search', 'results', query] as const,
  page: (query: string) => ['search', 'page', query] as const,
  types: ['search', 'types'] as const,
};

export const searchParkings = (query: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiFetch<SearchAnswer>(`parkings/search?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

/**
 * The first page of a search only (no paging): for small lists such as the home page's. Kept apart
 * from the paged search so the home page does not load the paging code.
 */
export const useSearchPage = (query: string) =>
  useQuery({ queryKey: searchKeys.page(query), queryFn: ({ signal }) => searchParkings(query, undefined, signal), staleTime: 60_000 });
