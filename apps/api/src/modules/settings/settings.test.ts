import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestContext } from '../../../test/helper';

describe('GET config', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ HOST_COMMISSION_PERCENT: '12', GUEST_FEE_PERCENT: '4' });
  });
  afterAll(() => t.close());

  it('answers the configured fees, currency, time zone and tile URL, and nothing secret', async () => {
    const res = await t.app.inject({ url: api('config') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      result: { currency: 'INR', guest_fee_percent: 4, host_commission_percent: 12, time_zone: 'Asia/Kolkata', map_tile_url: expect.stringContaining('{z}'), payment_provider: 'simulated' },
    });
    expect(res.body).not.toMatch(/sk_|whsec_|PRIVATE|password/i);
    // the simulated driver: no Stripe key in the answer, no Stripe host in the CSP
    expect(res.json().result).not.toHaveProperty('stripe_publishable_key');
    expect(res.headers['content-security-policy']).not.toMatch(/stripe/);
  });
});
