import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Faq } from '@parkly/shared/content';
import { apiFetch } from '../../../lib/api-client';

export const faqsKey = ['faqs'] as const;

/** GET faqs, or GET faqs?q= to search them. */
export const getFaqs = (q: string, signal?: AbortSignal) =>
  apiFetch<{ result: Faq[] }>(q ? `faqs?q=${encodeURIComponent(q)}` : 'faqs', { signal }).then((r) => r.result);

export const faqsQueryOptions = (q = '') =>
  queryOptions({ queryKey: [...faqsKey, q], queryFn: ({ signal }) => getFaqs(q, signal) });

/** The FAQ, or the entries matching `q`; the previous answer stays on screen while a new search runs. */
export const useFaqs = (q = '') => useQuery({ ...faqsQueryOptions(q.trim()), placeholderData: keepPreviousData });
