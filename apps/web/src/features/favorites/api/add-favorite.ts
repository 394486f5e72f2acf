import type { FavoriteState } from '@parkly/shared/favorites';
import { apiFetch } from '../../../lib/api-client';

/** POST favorites: saving twice is fine (the server answers 200 the second time). */
export const addFavorite = (parkingId: string) =>
  apiFetch<{ result: FavoriteState }>('favorites', { method: 'POST', body: { parking_id: parkingId } }).then((r) => r.result);
