import type { AdminFaq } from '@parkly/shared/admin-content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { contentKeys } from './content-keys';

/** GET admin/faqs: every entry in the public FAQ's order. */
export const getAdminFaqs = (signal?: AbortSignal) => apiFetch<{ result: AdminFaq[] }>('admin/faqs', { signal }).then((r) => r.result);

export const adminFaqsQueryOptions = () => queryOptions({ queryKey: contentKeys.faqs(), queryFn: ({ signal }) => getAdminFaqs(signal) });

export const useAdminFaqs = () => useQuery(adminFaqsQueryOptions());
