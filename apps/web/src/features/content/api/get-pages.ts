import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageName, PagesAnswer } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';

export const pagesKey = ['pages'] as const;

/** POST pages {page_name}: the entries of one content page, keyed by entry (SPEC section 7). */
export const getPages = (pageName: PageName) => apiFetch<PagesAnswer>('pages', { method: 'POST', body: { page_name: pageName } });

export const pagesQueryOptions = (pageName: PageName) =>
  queryOptions({ queryKey: [...pagesKey, pageName], queryFn: () => getPages(pageName) });

export const usePages = (pageName: PageName) => useQuery(pagesQueryOptions(pageName));
