import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { adminKeys } from '../admin-keys';

/** GET admin/verification/:id: one document's facts (who sent it, when, its type and size, the decision). */
export const getIdDocument = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: AdminIdDocument }>(`admin/verification/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const idDocumentQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.area('verification', 'detail', id), queryFn: ({ signal }) => getIdDocument(id, signal) });

export const useIdDocument = (id: string) => useQuery(idDocumentQueryOptions(id));
