import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { addFavorite } from './add-favorite';
import { applyOptimistic, favoriteMutationKey, favoriteScope, refreshWhenIdle, rollback, type FavoritePreview } from './favorites-cache';
import { removeFavorite } from './remove-favorite';

/**
 * Saves (`save`) or forgets a listing: the heart and the favorites list follow at once and go back if the
 * server refuses; writes to one listing's heart run one after the other (their scope), and the last one to
 * settle refreshes the list. The heart loads this when a signed-in person's page shows it, not with the
 * page (components/parking/favorite-button.tsx): a visitor's first load has no use for it (decision 041).
 * Rejects with the server's error once the list is put back.
 */
export async function writeFavorite(queryClient: QueryClient, token: string | null, listing: FavoritePreview, save: boolean): Promise<void> {
  const observer = new MutationObserver<unknown, Error, void, Awaited<ReturnType<typeof applyOptimistic>>>(queryClient, {
    mutationKey: favoriteMutationKey,
    scope: favoriteScope(listing.id),
    mutationFn: () => (save ? addFavorite(listing.id) : removeFavorite(listing.id)),
    onMutate: () => applyOptimistic(queryClient, token, save ? { add: listing } : { remove: listing.id }),
    onError: (_err, _vars, snapshot) => rollback(queryClient, snapshot),
    onSettled: () => refreshWhenIdle(queryClient),
  });
  try {
    await observer.mutate();
  } finally {
    // as a button's useMutation does when it unmounts: the settled write may now be garbage-collected
    observer.reset();
  }
}
