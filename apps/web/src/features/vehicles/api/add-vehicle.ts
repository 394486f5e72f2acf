import type { Vehicle, VehicleInput } from '@parkly/shared/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { storeVehicle } from './vehicle-keys';

/** POST vehicles: 201 with the new vehicle (400 VALIDATION with field errors). */
export const addVehicle = (input: VehicleInput) => apiFetch<{ result: Vehicle }>('vehicles', { method: 'POST', body: input }).then((r) => r.result);

export function useAddVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addVehicle, onSuccess: (vehicle) => storeVehicle(queryClient, vehicle) });
}
