import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteState } from '@parkly/shared/favorites';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';
import { applyOptimistic, favoriteMutationKey, favoriteScope, refreshWhenIdle, rollback } from './favorites-cache';

/** DELETE favorites/:parking_id: removing one that is not saved answers the same. */
export const removeFavorite = (parkingId: string) =>
  apiFetch<{ result: FavoriteState }>(`favorites/${encodeURIComponent(parkingId)}`, { method: 'DELETE' }).then((r) => r.result);

/** Forgets a favorite, showing it gone at once and putting it back if the server refuses. */
export function useRemoveFavorite(parkingId: string) {
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationKey: favoriteMutationKey,
    scope: favoriteScope(parkingId),
    mutationFn: () => removeFavorite(parkingId),
    onMutate: () => applyOptimistic(queryClient, token, { remove: parkingId }),
    onError: (_err, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
