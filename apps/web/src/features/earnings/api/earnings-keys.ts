import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys of the host's money. GET host/earnings is cached under ['host', 'earnings'], the key the
 * dashboard's earnings card reads too, so a payout refreshes both.
 */
export const earningsKeys = {
  earnings: () => ['host', 'earnings'] as const,
  statements: () => ['host', 'earnings', 'statements'] as const,
};

/** After a payout or a new payout account: read the ledger again. */
export const refreshEarnings = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: earningsKeys.earnings() });
