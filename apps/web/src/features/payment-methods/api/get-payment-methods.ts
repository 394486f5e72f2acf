import type { PaymentMethod } from '@parkly/shared/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { paymentMethodKeys } from './payment-method-keys';

/** GET payment-methods: the signed-in driver's saved cards (brand, last four, expiry: never the number). */
export const getPaymentMethods = (signal?: AbortSignal) =>
  apiFetch<{ result: PaymentMethod[] }>('payment-methods', { signal }).then((r) => r.result);

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentMethodKeys.list(), queryFn: ({ signal }) => getPaymentMethods(signal) });

export const usePaymentMethods = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...paymentMethodsQueryOptions(), enabled: options.enabled ?? true });
