import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FavoriteListing } from '@parkly/shared/favorites';
import { apiFetch } from '../../../lib/api-client';
import { useToken } from '../../../lib/use-session';

/** Every favorites query starts with this; the token keeps one person's list from showing to the next. */
export const favoritesKeys = {
  all: ['favorites'] as const,
  list: (token: string | null) => ['favorites', token] as const,
};

export const getFavorites = (signal?: AbortSignal) => apiFetch<{ result: FavoriteListing[] }>('favorites', { signal }).then((r) => r.result);

export const favoritesQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: favoritesKeys.list(token), queryFn: ({ signal }) => getFavorites(signal), enabled: token !== null, staleTime: 60_000 });

/** The signed-in user's favorites, newest first; idle (no data) when logged out. */
export function useFavorites() {
  const token = useToken();
  return useQuery(favoritesQueryOptions(token));
}

/** Whether one listing is among the favorites: the heart's state. */
export function useIsFavorite(parkingId: string) {
  const token = useToken();
  return useQuery({ ...favoritesQueryOptions(token), select: (list) => list.some((f) => f.id === parkingId) });
}
