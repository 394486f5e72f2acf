/**
 * The gate pass (docs/decisions/034-gate-pass.md): a confirmed booking's pass (GET bookings/:id/pass), the
 * guard's check-in and check-out (POST host/check-in, host/check-out), the signed QR payload a gate screen
 * verifies offline with the served public key, and the gate accounts a host makes for their guards.
 */
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from './accounts';

/** The characters of a pass code: no 0/O, 1/I/L, so a guard reading it aloud or typing it cannot mix them up. */
export const PASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const PASS_CODE_LENGTH = 6;
/** A driver may check in this long before their booking starts. */
export const EARLY_CHECK_IN_MINUTES = 15;
/** A check-in or check-out made offline at the gate and sent later keeps its time if it is at most this old. */
export const GATE_QUEUE_MAX_AGE_HOURS = 12;
/** The QR payload's prefix: format version 1, ECDSA P-256 with SHA-256 (the signature as r‖s, base64url). */
export const PASS_QR_PREFIX = 'PK1';

/** Typed codes: case, spaces and dashes do not matter. */
export const passCodeSchema = z
  .string({ error: 'Enter the pass code' })
  .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .length(PASS_CODE_LENGTH, `A pass code has ${PASS_CODE_LENGTH} characters`)
      .regex(/^[2-9A-HJKMNP-Z]+$/, 'A pass code has letters and digits only, without 0, O, 1, I or L'),
  );

export const gatePassSchema = z.object({
  booking_id: z.string(),
  code: z.string(),
  qr_payload: z.string(),
  /** the vehicle's plate; each plate joined by ' / ' when the bookings of one stay name different vehicles (decision 046) */
  plate: z.string().nullable(),
  valid_from: z.string(),
  valid_to: z.string(),
  listing_title: z.string(),
  unit_label: z.string(),
  time_zone: z.string(),
  checked_in_at: z.string().nullable(),
  checked_out_at: z.string().nullable(),
});
export type GatePass = z.infer<typeof gatePassSchema>;
export const gatePassAnswerSchema = z.object({ result: gatePassSchema });

/** What the QR code says, signed: all a guard's screen shows without the network. Short keys keep the QR small. */
export const passClaimsSchema = z.object({
  /** booking id */
  b: z.string(),
  /** the code */
  c: z.string(),
  /** the host whose gate may check it in */
  h: z.string(),
  /** the plate, or null; a stay whose bookings name different vehicles: each plate, in order, joined by ' / ' (decision 046) */
  p: z.string().nullable(),
  /** valid from / to (ISO) */
  f: z.string(),
  t: z.string(),
  /** listing title, unit label, the driver's first name, the listing's time zone */
  l: z.string(),
  u: z.string(),
  n: z.string(),
  z: z.string(),
});
export type PassClaims = z.infer<typeof passClaimsSchema>;

export const gateKeySchema = z.object({
  /** 'ES256': ECDSA on P-256 with SHA-256 */
  alg: z.literal('ES256'),
  /** the public key as a JWK, ready for crypto.subtle.importKey('jwk', …) */
  jwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string() }),
});
export type GateKey = z.infer<typeof gateKeySchema>;
export const gateKeyAnswerSchema = z.object({ result: gateKeySchema });

export const checkInSchema = z.object({
  code: passCodeSchema,
  /** when it happened, for an action queued offline at the gate (at most GATE_QUEUE_MAX_AGE_HOURS old); now when absent */
  at: z.iso.datetime({ offset: true, error: 'Give the time as an ISO date and time' }).optional(),
});
export type CheckInInput = z.input<typeof checkInSchema>;

export const checkResultSchema = z.object({
  booking_id: z.string(),
  guest_name: z.string(),
  plate: z.string().nullable(),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable().optional(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
export const checkAnswerSchema = z.object({ result: checkResultSchema });

/** GET host/gate-passes?q=: today's passes of the host's listings by code or plate (what the guard typed). */
export const gateLookupQuerySchema = z.object({
  q: z.string({ error: 'Type a pass code or a number plate' }).trim().min(2, 'Type a pass code or a number plate').max(20, 'Type at most 20 characters'),
});
/** A pass as the gate's look-up lists it: the pass without its QR, with the driver's first name. */
export const gateLookupItemSchema = gatePassSchema.omit({ qr_payload: true }).extend({ guest_name: z.string() });
export type GateLookupItem = z.infer<typeof gateLookupItemSchema>;
export const gateLookupAnswerSchema = z.object({ result: z.array(gateLookupItemSchema) });

export const gateAccountInputSchema = z.object({ name: nameSchema, email: emailSchema, password: passwordSchema });
export type GateAccountInput = z.input<typeof gateAccountInputSchema>;
export const gateAccountSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), created_at: z.string() });
export type GateAccount = z.infer<typeof gateAccountSchema>;
export const gateAccountAnswerSchema = z.object({ result: gateAccountSchema });
export const gateAccountsAnswerSchema = z.object({ result: z.array(gateAccountSchema) });
