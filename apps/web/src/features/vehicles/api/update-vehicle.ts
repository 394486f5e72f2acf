import type { Vehicle, VehicleInput } from '@parkly/shared/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeVehicle } from './vehicle-keys';

export interface UpdateVehicleInput {
  id: string;
  /** only the fields being changed; {is_default: true} makes it the default */
  input: Partial<VehicleInput>;
}

/** PATCH vehicles/:id: answers the vehicle as saved. */
export const updateVehicle = ({ id, input }: UpdateVehicleInput) =>
  apiFetch<{ result: Vehicle }>(`vehicles/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }).then((r) => r.result);

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateVehicle, onSuccess: (vehicle) => storeVehicle(queryClient, vehicle) });
}
