import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { PaymentProvider } from '../payments/provider';
import { api, bearer, openTestDatabase, signUp, type TestContext } from '../../../test/helper';

export const CARDS = {
  ok: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
  declined: { number: '4000 0000 0000 0002', exp_month: 12, exp_year: 2034, cvc: '123' },
  broke: { number: '4000 0000 0000 9995', exp_month: 12, exp_year: 2034, cvc: '123' },
  outage: { number: '4000 0000 0000 0119', exp_month: 12, exp_year: 2034, cvc: '123' },
};

/** A window of whole hours starting `fromNowH` hours ahead (rounded up to the next hour). */
export function window(fromNowH: number, hours: number) {
  const start = new Date(Math.ceil(Date.now() / 3600_000) * 3600_000 + fromNowH * 3600_000);
  return { start: start.toISOString(), end: new Date(start.getTime() + hours * 3600_000).toISOString() };
}

/** The booking calls as one user, answering raw inject responses. */
export function bookingCalls(app: App, token?: string) {
  const headers = token ? bearer(token) : {};
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) =>
    app.inject({ method, url: api(path), headers, ...(payload !== undefined && { payload: payload as object }) });
  return {
    call,
    quote: (id: string, w: { start: string; end: string }) => call('GET', `parkings/${id}/quote?start=${encodeURIComponent(w.start)}&end=${encodeURIComponent(w.end)}`),
    book: (body: Record<string, unknown>) => call('POST', 'bookings', body),
    pay: (id: string, body: unknown = { card: CARDS.ok }) => call('POST', `bookings/${id}/pay`, body),
    /** a monthly pass's renewal that waits on its driver (decision 042) */
    payPeriod: (id: string, n: number, body: unknown = {}) => call('POST', `bookings/${id}/periods/${n}/pay`, body),
    get: (id: string) => call('GET', `bookings/${id}`),
    list: (query = '') => call('GET', `bookings${query}`),
    cancel: (id: string, body: unknown = {}) => call('POST', `bookings/${id}/cancel`, body),
    accept: (id: string) => call('POST', `bookings/${id}/accept`),
    decline: (id: string, body: unknown = {}) => call('POST', `bookings/${id}/decline`, body),
  };
}

/** A new driver with their booking calls. */
export async function newGuest(app: App) {
  const user = await signUp(app);
  return { ...user, calls: bookingCalls(app, user.token) };
}

/** Books and pays a window of a listing as a new guest; answers the paid booking and the guest. */
export async function paidBooking(app: App, listingId: string, w: { start: string; end: string }) {
  const guest = await newGuest(app);
  const created = await guest.calls.book({ parking_id: listingId, ...w });
  if (created.statusCode !== 201) throw new Error(`booking failed: ${created.statusCode} ${created.body}`);
  const paid = await guest.calls.pay(created.json().result.id);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return { guest, booking: paid.json().result as { id: string; status: string; total: number } };
}

/**
 * The whole app on a fresh database with a payment provider of the test's own (a simulated one that fails
 * or counts on demand), as createTestApp builds it otherwise.
 */
export async function createAppWithProvider(paymentProvider: PaymentProvider, env: Record<string, string> = {}): Promise<TestContext> {
  const db = await openTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'parkly-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMITS: '0', LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
  const app = await buildApp({ config, db, paymentProvider, webDistDir: join(dataDir, 'no-web') });
  await app.ready();
  return {
    app,
    db,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
