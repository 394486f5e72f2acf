import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FavoriteState } from '@parkly/shared/favorites';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';
import { applyOptimistic, favoriteMutationKey, favoriteScope, refreshWhenIdle, rollback, type FavoritePreview } from './favorites-cache';

/** POST favorites: saving twice is fine (the server answers 200 the second time). */
export const addFavorite = (parkingId: string) =>
  apiFetch<{ result: FavoriteState }>('favorites', { method: 'POST', body: { parking_id: parkingId } }).then((r) => r.result);

/** Saves a listing, showing it saved at once and putting the list back if the server refuses. */
export function useAddFavorite(parkingId: string) {
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationKey: favoriteMutationKey,
    scope: favoriteScope(parkingId),
    mutationFn: (_listing: FavoritePreview) => addFavorite(parkingId),
    onMutate: (listing) => applyOptimistic(queryClient, token, { add: listing }),
    onError: (_err, _listing, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenIdle(queryClient),
  });
}
