import type { GateAccount } from '@parkly/shared/gate-pass';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { gateKeys } from './gate-keys';

/** GET host/gate-accounts: the host's gate accounts. */
export const listGateAccounts = (signal?: AbortSignal) => apiFetch<{ result: GateAccount[] }>('host/gate-accounts', { signal }).then((r) => r.result);

export const gateAccountsQueryOptions = () => queryOptions({ queryKey: gateKeys.accounts, queryFn: ({ signal }) => listGateAccounts(signal) });

export const useGateAccounts = () => useQuery(gateAccountsQueryOptions());
