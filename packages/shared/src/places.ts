import { z } from 'zod';

export const placesQuerySchema = z.object({
  q: z.string({ error: 'Type a place' }).trim().min(1, 'Type a place').max(100, 'Use at most 100 characters'),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

export const placeSchema = z.object({
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** 'address' comes from the optional geocoder (GEOCODER_URL) */
  kind: z.enum(['locality', 'city', 'address']),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type Place = z.infer<typeof placeSchema>;
export const placesAnswerSchema = z.object({ result: z.array(placeSchema) });
