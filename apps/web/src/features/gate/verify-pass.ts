/**
 * Checks a gate pass's QR payload on the guard's device, with no network (decision 034): the signature
 * (ECDSA P-256, SHA-256, r‖s) with the public key the API serves (GET gate-pass-key, kept on the device), then
 * whether the pass is for this host and now within its window.
 */
import { EARLY_CHECK_IN_MINUTES, PASS_QR_PREFIX, passClaimsSchema, type GateKey, type PassClaims } from '@parkly/shared/gate-pass';

export type PassCheck =
  | { ok: true; claims: PassClaims; window: 'open' | 'early' | 'ended' }
  | { ok: false; reason: 'not_a_pass' | 'bad_signature' | 'other_host' };

function fromBase64Url(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export const importGateKey = (key: GateKey) =>
  crypto.subtle.importKey('jwk', { ...key.jwk, ext: true }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);

/** Where `now` stands in the pass's window: check-in opens EARLY_CHECK_IN_MINUTES before its start and closes at its end. */
export function passWindow(claims: Pick<PassClaims, 'f' | 't'>, now = new Date()): 'open' | 'early' | 'ended' {
  if (now.getTime() < Date.parse(claims.f) - EARLY_CHECK_IN_MINUTES * 60_000) return 'early';
  if (now.getTime() >= Date.parse(claims.t)) return 'ended';
  return 'open';
}

/** The pass in a scanned QR code, checked: signed by Parkly, for `hostId`'s spaces (when known), and where it stands now. */
export async function verifyPass(payload: string, key: CryptoKey, opts: { hostId?: string | null; now?: Date } = {}): Promise<PassCheck> {
  const parts = payload.trim().split('.');
  if (parts.length !== 3 || parts[0] !== PASS_QR_PREFIX) return { ok: false, reason: 'not_a_pass' };
  let signature: Uint8Array<ArrayBuffer>;
  let claims: PassClaims;
  try {
    signature = fromBase64Url(parts[2]!);
    const parsed = passClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(fromBase64Url(parts[1]!))));
    if (!parsed.success) return { ok: false, reason: 'not_a_pass' };
    claims = parsed.data;
  } catch {
    return { ok: false, reason: 'not_a_pass' };
  }
  const signed = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signed);
  if (!valid) return { ok: false, reason: 'bad_signature' };
  if (opts.hostId && claims.h !== opts.hostId) return { ok: false, reason: 'other_host' };
  return { ok: true, claims, window: passWindow(claims, opts.now) };
}
