import type { AdminSupportDetail } from '@parkly/shared/admin-support';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { supportKeys } from './support-keys';

/** GET admin/support/:kind/:id: the message, who sent it, and the reply once answered. */
export const getSupportMessage = (kind: string, id: string, signal?: AbortSignal) =>
  apiFetch<{ result: AdminSupportDetail }>(`admin/support/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`, { signal }).then((r) => r.result);

export const supportMessageQueryOptions = (kind: string, id: string) =>
  queryOptions({ queryKey: supportKeys.item(kind, id), queryFn: ({ signal }) => getSupportMessage(kind, id, signal) });

export const useSupportMessage = (kind: string, id: string) => useQuery(supportMessageQueryOptions(kind, id));
