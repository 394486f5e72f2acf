import { describe, expect, it } from 'vitest';
import { loadConfig, loadDatabaseConfig } from './config';

const PG = 'postgres://postgres@127.0.0.1:5432/parkly';
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/parkly-config-test', ...env });

describe('DEMO_DATA', () => {
  it('defaults to on for the embedded database and off on PostgreSQL', () => {
    expect(load({}).demoData).toBe(true);
    expect(load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).demoData).toBe(false);
  });

  it('is what it is set to on either database', () => {
    expect(load({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(load({ DEMO_DATA: '1', DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).demoData).toBe(true);
    expect(load({ DEMO_DATA: 'true', DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).demoData).toBe(true);
    // an empty value is unset, as with every variable
    expect(load({ DEMO_DATA: '', DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).demoData).toBe(false);
    expect(() => load({ DEMO_DATA: 'yes' })).toThrow(/DEMO_DATA: must be 0 or 1/);
  });
});

describe('PAYMENT_PROVIDER', () => {
  it('is simulated by default on the embedded database only', () => {
    expect(load({}).paymentProvider).toBe('simulated');
    expect(load({}).database).toBe('embedded');
  });

  it('refuses to start on PostgreSQL with no provider, naming the variables to set', () => {
    let message = '';
    try {
      load({ DATABASE_URL: PG });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:\n {2}PAYMENT_PROVIDER: must be set on PostgreSQL/);
    for (const name of ['PAYMENT_PROVIDER=stripe', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'PAYMENT_PROVIDER=simulated']) expect(message).toContain(name);
    // a publishable key or a webhook secret alone is no provider
    expect(() => load({ DATABASE_URL: PG, STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).toThrow(/PAYMENT_PROVIDER: must be set/);
  });

  it('runs simulated on PostgreSQL only when chosen', () => {
    const c = load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' });
    expect(c).toMatchObject({ database: 'postgres', paymentProvider: 'simulated' });
    // chosen explicitly, it wins over Stripe keys that are set
    expect(load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated', ...STRIPE }).paymentProvider).toBe('simulated');
  });

  it('is stripe when chosen with its secret key, or inferred from the key as before', () => {
    expect(load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'stripe', ...STRIPE }).paymentProvider).toBe('stripe');
    expect(load({ DATABASE_URL: PG, ...STRIPE }).paymentProvider).toBe('stripe');
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_x' }).paymentProvider).toBe('stripe');
  });

  it('refuses stripe without STRIPE_SECRET_KEY and names no unknown provider', () => {
    expect(() => load({ PAYMENT_PROVIDER: 'stripe' })).toThrow('Invalid configuration:\n  STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe');
    expect(() => load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' })).toThrow(/STRIPE_SECRET_KEY: is required/);
    expect(() => load({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER: must be one of simulated, stripe/);
    expect(() => load({ PAYMENT_PROVIDER: 'Stripe', ...STRIPE })).toThrow(/PAYMENT_PROVIDER: must be one of/);
  });

  it('never prints a key in its messages', () => {
    try {
      load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'stripe', STRIPE_PUBLISHABLE_KEY: 'pk_live_secretish' });
    } catch (err) {
      expect((err as Error).message).not.toContain('pk_live_secretish');
    }
  });
});

describe('loadDatabaseConfig', () => {
  it('reads only where the database is, so commands run before payments are configured', () => {
    expect(loadDatabaseConfig({ DATABASE_URL: PG, DATA_DIR: '/tmp/x' })).toEqual({ DATABASE_URL: PG, dataDir: '/tmp/x' });
    expect(loadDatabaseConfig({}).DATABASE_URL).toBeUndefined();
    expect(() => loadDatabaseConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('defaults to 15 s on PostgreSQL and to none on the embedded database', () => {
    expect(load({}).shutdownDrainMs).toBe(0);
    expect(load({ DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).shutdownDrainMs).toBe(15_000);
  });

  it('is what it is set to, 0 included', () => {
    expect(load({ SHUTDOWN_DRAIN_MS: '2500' }).shutdownDrainMs).toBe(2500);
    expect(load({ SHUTDOWN_DRAIN_MS: '0', DATABASE_URL: PG, PAYMENT_PROVIDER: 'simulated' }).shutdownDrainMs).toBe(0);
  });

  it('refuses what is not a whole number of milliseconds up to 5 minutes, saying what to set', () => {
    expect(() => load({ SHUTDOWN_DRAIN_MS: '15s' })).toThrow(/SHUTDOWN_DRAIN_MS: must be a number of milliseconds, such as 15000/);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '1.5' })).toThrow(/SHUTDOWN_DRAIN_MS: must be a whole number of milliseconds/);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS: must be 0 \(stop at once\) or more/);
    expect(() => load({ SHUTDOWN_DRAIN_MS: '300001' })).toThrow(/SHUTDOWN_DRAIN_MS: must be at most 300000 \(5 minutes\)/);
  });
});

describe('GST settings (invoices, coming with issue 19)', () => {
  it('default to 18% with no GSTIN and no state', () => {
    expect(load({}).gst).toEqual({ ratePercent: 18, gstin: null, stateCode: null });
  });

  it("take Parkly's state from its GSTIN, as typed", () => {
    expect(load({ PARKLY_GSTIN: ' 29aagcp4242m1z0 ', GST_PERCENT: '5' }).gst).toEqual({ ratePercent: 5, gstin: '29AAGCP4242M1Z0', stateCode: '29' });
    expect(load({ PARKLY_GSTIN: '29AAGCP4242M1Z0', PARKLY_STATE: 'Karnataka' }).gst.stateCode).toBe('29');
    expect(load({ PARKLY_STATE: 'tamil nadu' }).gst.stateCode).toBe('33');
  });

  it('refuse a GSTIN with a wrong check character, an unknown state, or the two disagreeing', () => {
    expect(() => load({ PARKLY_GSTIN: '29AAGCP4242M1Z1' })).toThrow(/PARKLY_GSTIN: must be a GSTIN/);
    expect(() => load({ PARKLY_STATE: 'Bengaluru' })).toThrow(/PARKLY_STATE: must be an Indian state/);
    expect(() => load({ PARKLY_GSTIN: '29AAGCP4242M1Z0', PARKLY_STATE: 'Maharashtra' })).toThrow(
      'PARKLY_STATE: is Maharashtra (27) but PARKLY_GSTIN is registered in Karnataka (29)',
    );
    expect(() => load({ GST_PERCENT: '180' })).toThrow(/GST_PERCENT: must be at most 100/);
  });
});
