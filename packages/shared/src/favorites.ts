import { z } from 'zod';
import { PARKING_TYPE_KEYS } from './catalog';

/** A person may keep this many favorites; the list answers them all, so it stays bounded. */
export const FAVORITES_MAX = 500;

/** POST favorites. Any text is accepted as the id: one that names no public listing is answered 404. */
export const favoriteInputSchema = z.object(
  {
    parking_id: z
      .string({ error: 'parking_id is required: the id of the listing to save' })
      .trim()
      .min(1, 'parking_id is required: the id of the listing to save'),
  },
  { error: 'Send {parking_id}' },
);
export type FavoriteInput = z.input<typeof favoriteInputSchema>;

export const favoriteParamsSchema = z.object({ parking_id: z.string() });

/**
 * A saved listing as anyone may see it: the same public facts as its card in search (rounded
 * position, locality, rates, cover thumbnail), never the street line or access instructions.
 */
export const favoriteListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  parking_type: z.enum(PARKING_TYPE_KEYS).nullable(),
  status: z.enum(['active', 'paused']),
  /** false while the host has paused it: it stays saved but cannot be booked */
  available: z.boolean(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  /** rounded to about 100 m, like every public answer */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  hourly_rate: z.number().nullable(),
  daily_rate: z.number().nullable(),
  weekly_rate: z.number().nullable(),
  monthly_rate: z.number().nullable(),
  currency: z.string(),
  cover_url: z.string().nullable(),
  cover_thumb_url: z.string().nullable(),
  rating: z.object({ average: z.number().nullable(), count: z.number() }),
  instant_book: z.boolean(),
  favorited_at: z.string(),
});
export type FavoriteListing = z.infer<typeof favoriteListingSchema>;

export const favoriteStateSchema = z.object({ parking_id: z.string(), favorited: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

export const favoritesAnswerSchema = z.object({ result: z.array(favoriteListingSchema) });
export const favoriteStateAnswerSchema = z.object({ result: favoriteStateSchema });
