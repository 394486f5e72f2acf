import type { Vehicle } from '@parkly/shared/vehicles';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the driver's saved vehicles (Saved vehicles and the checkout's vehicle picker). */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  /** GET vehicles */
  list: () => ['vehicles', 'list'] as const,
};

/**
 * After a write answering one vehicle: put it in the cached list at once (no flash of the old one),
 * then refresh the list, since making one the default changes the others.
 */
export function storeVehicle(queryClient: QueryClient, vehicle: Vehicle) {
  queryClient.setQueryData<Vehicle[]>(vehicleKeys.list(), (old) => {
    if (!old) return old;
    const rest = old.map((v) => (vehicle.is_default ? { ...v, is_default: false } : v));
    return rest.some((v) => v.id === vehicle.id) ? rest.map((v) => (v.id === vehicle.id ? vehicle : v)) : [...rest, vehicle];
  });
  return queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
}
