import type { Vehicle } from '@parkly/shared/vehicles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

/** GET vehicles: the signed-in driver's saved vehicles. */
export const getVehicles = (signal?: AbortSignal) => apiFetch<{ result: Vehicle[] }>('vehicles', { signal }).then((r) => r.result);

export const vehiclesQueryOptions = () => queryOptions({ queryKey: vehicleKeys.list(), queryFn: ({ signal }) => getVehicles(signal) });

export const useVehicles = (options: { enabled?: boolean } = {}) => useQuery({ ...vehiclesQueryOptions(), enabled: options.enabled ?? true });
