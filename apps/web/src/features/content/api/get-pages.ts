import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageName, PagesAnswer } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';

/** POST pages {page_name}: the entries of one content page, keyed by entry (SPEC section 7). */
export const getPages = (pageName: PageName) => apiFetch<PagesAnswer>('pages', { method: 'POST', body: { page_name: pageName } });

export const pagesQueryOptions = (pageName: PageName) =>
  queryOptions({ queryKey: ['pages', pageName], queryFn: () => getPages(pageName), staleTime: 10 * 60_000 });

export const usePages = (pageName: PageName) => useQuery(pagesQueryOptions(pageName));
