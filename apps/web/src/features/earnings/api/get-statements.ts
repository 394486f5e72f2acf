import type { StatementMonth } from '@parkly/shared/statements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { earningsKeys } from './earnings-keys';

/** GET host/statements: the months with earnings, refunds or payouts, newest first. */
export const getStatements = (signal?: AbortSignal) => apiFetch<{ result: StatementMonth[] }>('host/statements', { signal }).then((r) => r.result);

export const statementsQueryOptions = () => queryOptions({ queryKey: earningsKeys.statements(), queryFn: ({ signal }) => getStatements(signal) });

export const useStatements = () => useQuery(statementsQueryOptions());
