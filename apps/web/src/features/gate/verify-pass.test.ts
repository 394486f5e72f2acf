import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GateKey, PassClaims } from '@parkly/shared/gate-pass';
import { importGateKey, passWindow, verifyPass } from './verify-pass';

// The guard's offline check of a QR code, with WebCrypto, against a payload signed as the API signs it
// (apps/api/src/modules/gate/pass-keys.ts: ECDSA P-256, SHA-256, r‖s).

const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const jwk = publicKey.export({ format: 'jwk' });
const gateKey: GateKey = { alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: jwk.x!, y: jwk.y! } };

const claims: PassClaims = {
  b: '6f1c8a52-1d9e-4a0b-9a57-3f1f8a0c2b11',
  c: 'K7M4QX',
  h: 'host-1',
  p: 'KA 01 AB 1234',
  f: '2026-12-24T10:00:00+05:30',
  t: '2026-12-24T12:00:00+05:30',
  l: 'Covered bay near MG Road',
  u: 'Bay 1',
  n: 'Asha',
  z: 'Asia/Kolkata',
};

function signed(c: PassClaims, key = privateKey) {
  const body = `PK1.${Buffer.from(JSON.stringify(c)).toString('base64url')}`;
  return `${body}.${sign('sha256', Buffer.from(body), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

describe('verifyPass', () => {
  it('accepts a pass signed with the server key, for this host, and says where now stands in its window', async () => {
    const key = await importGateKey(gateKey);
    const at = (iso: string) => ({ hostId: 'host-1', now: new Date(iso) });
    expect(await verifyPass(signed(claims), key, at('2026-12-24T09:45:00+05:30'))).toEqual({ ok: true, claims, window: 'open' });
    expect(await verifyPass(signed(claims), key, at('2026-12-24T09:44:59+05:30'))).toMatchObject({ ok: true, window: 'early' });
    expect(await verifyPass(signed(claims), key, at('2026-12-24T12:00:00+05:30'))).toMatchObject({ ok: true, window: 'ended' });
  });

  it('refuses a changed pass, a pass signed by another key, another host’s pass and text that is not a pass', async () => {
    const key = await importGateKey(gateKey);
    const good = signed(claims);
    const [prefix, , sig] = good.split('.');
    const longer = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, t: '2026-12-31T12:00:00+05:30' })).toString('base64url')}.${sig}`;
    expect(await verifyPass(longer, key)).toEqual({ ok: false, reason: 'bad_signature' });
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    expect(await verifyPass(signed(claims, other), key)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verifyPass(good, key, { hostId: 'host-2' })).toEqual({ ok: false, reason: 'other_host' });
    expect(await verifyPass('https://example.com/', key)).toEqual({ ok: false, reason: 'not_a_pass' });
    expect(await verifyPass('PK1.!!!.???', key)).toEqual({ ok: false, reason: 'not_a_pass' });
  });

  it('opens the window 15 minutes early', () => {
    expect(passWindow(claims, new Date('2026-12-24T09:45:00+05:30'))).toBe('open');
    expect(passWindow(claims, new Date('2026-12-24T09:44:00+05:30'))).toBe('early');
  });
});
