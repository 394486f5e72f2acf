/**
 * Realtime (DESIGN section 5): the event types, frames and constants (realtime-protocol.ts, free of zod
 * for the browser) and the schemas the server validates with.
 */
import { z } from 'zod';

export * from './realtime-protocol';

export const realtimeTicketAnswerSchema = z.object({ ticket: z.string() });

/** Client to server frames, as the server checks them. */
export const clientFrameSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resume'), after_id: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('pong'), t: z.number().optional() }),
]);
