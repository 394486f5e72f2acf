import type { AdminPage } from '@parkly/shared/admin-content';
import type { PageName } from '@parkly/shared/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET admin/pages/:page: the page's entries in order, and whether they are fixed. */
export const getAdminPage = (page: PageName, signal?: AbortSignal) => apiFetch<{ result: AdminPage }>(`admin/pages/${page}`, { signal }).then((r) => r.result);

export const adminPageQueryOptions = (page: PageName) => queryOptions({ queryKey: contentKeys.page(page), queryFn: ({ signal }) => getAdminPage(page, signal) });

export const useAdminPage = (page: PageName) => useQuery(adminPageQueryOptions(page));
