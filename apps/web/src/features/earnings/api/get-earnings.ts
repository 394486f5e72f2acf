import type { Earnings } from '@parkly/shared/earnings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earningsKeys } from './earnings-keys';

/** GET host/earnings: totals, 12 months, listings, the payout account (masked) and payouts, from the ledger. */
export const getEarnings = (signal?: AbortSignal) => apiFetch<{ result: Earnings }>('host/earnings', { signal }).then((r) => r.result);

export const earningsQueryOptions = () => queryOptions({ queryKey: earningsKeys.earnings(), queryFn: ({ signal }) => getEarnings(signal) });

export const useEarnings = () => useQuery(earningsQueryOptions());
