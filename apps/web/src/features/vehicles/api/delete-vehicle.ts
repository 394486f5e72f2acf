import type { Vehicle } from '@parkly/shared/vehicles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { vehicleKeys } from './vehicle-keys';

/** DELETE vehicles/:id: answers {id, deleted: true}. */
export const deleteVehicle = (id: string) =>
  apiFetch<{ result: { id: string; deleted: true } }>(`vehicles/${encodeURIComponent(id)}`, { method: 'DELETE' }).then((r) => r.result);

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Vehicle[]>(vehicleKeys.list(), (old) => old?.filter((v) => v.id !== id));
      return queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
    },
  });
}
