import type { ExtensionOptions } from '@parkly/shared/extensions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { bookingKeys } from './booking-keys';

/**
 * GET bookings/:id/extension-options (decision 039): the next half-hour steps on the stay's unit with their
 * prices, stopping at the first that cannot be had (`stop` says why). 409 NOT_EXTENDABLE when the stay cannot
 * be extended (not confirmed, ended, a monthly pass); 404 for anyone but its driver.
 */
export const getExtensionOptions = (id: string, signal?: AbortSignal) =>
  apiFetch<{ result: ExtensionOptions }>(`bookings/${encodeURIComponent(id)}/extension-options`, { signal }).then((r) => r.result);

export const extensionOptionsQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.extensionOptions(id), queryFn: ({ signal }) => getExtensionOptions(id, signal), staleTime: 0 });

/** Asked only while the panel is open: the steps change as other drivers book. */
export const useExtensionOptions = (id: string, enabled: boolean) => useQuery({ ...extensionOptionsQueryOptions(id), enabled });
