/**
 * More time while parked (decision 039): the next half-hour steps a confirmed stay can be extended by on
 * its own unit, each with its price (GET bookings/:id/extension-options). Booking one is POST bookings
 * with `extends_booking_id` (bookings.ts), paid like any booking.
 */
import { z } from 'zod';
import { createBookingSchema, quoteQuerySchema } from './bookings';

/** The booking a new booking gives more time to: its id; the caller must own it. */
const extendsBookingField = z
  .string({ error: 'extends_booking_id must be the id of your booking' })
  .trim()
  .min(1, 'extends_booking_id must be the id of your booking')
  .max(64, 'extends_booking_id must be the id of your booking')
  .optional();

/**
 * POST bookings' body and the quote's query as the API reads them: with `extends_booking_id`, more time right
 * after a confirmed stay of the caller's (start must be its end). Kept here, not in bookings.ts, so the public
 * listing page's first load does not carry them (e2e/tests/budget.spec.ts).
 */
export const createBookingBodySchema = createBookingSchema.safeExtend({ extends_booking_id: extendsBookingField });
export type CreateBookingBody = z.input<typeof createBookingBodySchema>;
export const quoteBodyQuerySchema = quoteQuerySchema.safeExtend({ extends_booking_id: extendsBookingField });

/** More time is sold in steps of this many minutes, from the stay's end. */
export const EXTENSION_STEP_MINUTES = 30;
/** ... up to this many hours past the stay's end. */
export const EXTENSION_MAX_HOURS = 4;
/** The driver's booking page offers "Extend" while the stay is under way, or when it ends within this many hours. */
export const EXTEND_OFFER_HOURS = 2;

/** Why no further step is offered: the unit is taken, the space closes or is blocked, the listing's longest stay, or the limit above. */
export const EXTENSION_STOPS = ['taken', 'closed', 'blacked_out', 'too_long', 'not_priced', 'limit'] as const;
export type ExtensionStop = (typeof EXTENSION_STOPS)[number];

export const extensionOptionSchema = z.object({
  /** the new end, on the listing's clock */
  end: z.string(),
  /** minutes added */
  minutes: z.number(),
  subtotal: z.number(),
  service_fee: z.number(),
  /** what this step costs: the whole stay's price less what the stay cost already */
  total: z.number(),
});
export type ExtensionOption = z.infer<typeof extensionOptionSchema>;

export const extensionOptionsSchema = z.object({
  booking_id: z.string(),
  parking_id: z.string(),
  /** the stay's end now: the start of every option */
  start: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  /** the free steps, shortest first, up to the first step that cannot be had */
  options: z.array(extensionOptionSchema),
  /** why the list stops where it does */
  stop: z.enum(EXTENSION_STOPS),
});
export type ExtensionOptions = z.infer<typeof extensionOptionsSchema>;
export const extensionOptionsAnswerSchema = z.object({ result: extensionOptionsSchema });
