import type { FavoriteState } from '@parkly/shared/favorites';
import { apiFetch } from '../../../lib/api-client';

/** DELETE favorites/:parking_id: removing one that is not saved answers the same. */
export const removeFavorite = (parkingId: string) =>
  apiFetch<{ result: FavoriteState }>(`favorites/${encodeURIComponent(parkingId)}`, { method: 'DELETE' }).then((r) => r.result);
