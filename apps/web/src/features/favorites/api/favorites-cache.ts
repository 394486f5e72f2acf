import type { QueryClient } from '@tanstack/react-query';
import type { FavoriteListing } from '@parkly/shared/favorites';
import { favoritesKeys } from './get-favorites';

/** What a screen knows about a listing when its heart is pressed: the favorites list shows it at once. */
export type FavoritePreview = Omit<FavoriteListing, 'favorited_at'>;

/** Every favorites write carries this key, so the last one to settle can refresh the list. */
export const favoriteMutationKey = [...favoritesKeys.all, 'write'] as const;

/** Writes to one listing's heart run one after the other, so a quick save-unsave-save ends as the last tap says. */
export const favoriteScope = (parkingId: string) => ({ id: `favorite:${parkingId}` });

type Snapshot = { token: string | null; previous: FavoriteListing[] | undefined };

/**
 * Changes the cached list before the server answers: the heart (and the favorites page) follow the
 * tap at once. Answers what to put back if the server refuses.
 */
export async function applyOptimistic(queryClient: QueryClient, token: string | null, change: { add: FavoritePreview } | { remove: string }): Promise<Snapshot> {
  const key = favoritesKeys.list(token);
  // a refetch already under way would overwrite the optimistic list with the old one
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<FavoriteListing[]>(key);
  queryClient.setQueryData<FavoriteListing[]>(key, (list) => {
    if (!list) return list;
    if ('remove' in change) return list.filter((f) => f.id !== change.remove);
    if (list.some((f) => f.id === change.add.id)) return list;
    return [{ ...change.add, favorited_at: new Date().toISOString() }, ...list];
  });
  return { token, previous };
}

export function rollback(queryClient: QueryClient, snapshot: Snapshot | undefined) {
  if (snapshot?.previous) queryClient.setQueryData(favoritesKeys.list(snapshot.token), snapshot.previous);
}

/** Once the last favorites write has settled, ask the server for the truth (other tabs, paused listings). */
export function refreshWhenIdle(queryClient: QueryClient) {
  if (queryClient.isMutating({ mutationKey: favoriteMutationKey }) <= 1) {
    return queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
  }
}
