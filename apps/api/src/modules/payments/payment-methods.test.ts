import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, signUp, type TestContext } from '../../../test/helper';
import { CARDS } from '../bookings/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function cardCalls(token?: string) {
  const headers = token ? bearer(token) : {};
  return {
    list: () => t.app.inject({ method: 'GET', url: api('payment-methods'), headers }),
    add: (payload: unknown) => t.app.inject({ method: 'POST', url: api('payment-methods'), headers, payload: payload as object }),
    makeDefault: (id: string) => t.app.inject({ method: 'PATCH', url: api(`payment-methods/${id}`), headers, payload: { is_default: true } }),
    remove: (id: string) => t.app.inject({ method: 'DELETE', url: api(`payment-methods/${id}`), headers }),
  };
}

describe('payment-methods', () => {
  it('keeps brand, last four and expiry, never the number', async () => {
    const me = cardCalls((await signUp(t.app)).token);
    const visa = await me.add({ card: CARDS.ok });
    expect(visa.statusCode).toBe(201);
    expect(visa.json().result).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, is_default: true });
    expect(visa.body).not.toContain('4242 4242');
    const mc = (await me.add({ card: { number: '5555 5555 5555 4444', exp_month: '7', exp_year: '31', cvc: '321' } })).json().result;
    expect(mc).toMatchObject({ brand: 'mastercard', last4: '4444', exp_year: 2031, is_default: false });
    expect((await me.makeDefault(mc.id)).json().result.is_default).toBe(true);
    expect((await me.list()).json().result.map((c: { last4: string }) => c.last4)).toEqual(['4444', '4242']);
    await me.remove(mc.id);
    expect((await me.list()).json().result).toEqual([expect.objectContaining({ last4: '4242', is_default: true })]);
    const rows = JSON.stringify(await t.db.query(`SELECT * FROM payment_methods`));
    expect(rows).not.toMatch(/4242424242424242|5555555555554444/);
  });

  it('refuses invalid and declined cards, and other people', async () => {
    const owner = await signUp(t.app);
    const me = cardCalls(owner.token);
    const luhn = await me.add({ card: { ...CARDS.ok, number: '4242 4242 4242 4241' } });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors['card.number']).toMatch(/not valid/);
    const expired = await me.add({ card: { ...CARDS.ok, exp_month: 1, exp_year: 2021 } });
    expect(expired.json().errors['card.exp_month']).toMatch(/expired/);
    expect((await me.add({ card: { ...CARDS.ok, cvc: '12' } })).statusCode).toBe(400);
    expect((await me.add({ card: 'x' })).statusCode).toBe(400);
    const declined = await me.add({ card: CARDS.declined });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().code).toBe('PAYMENT_DECLINED');
    const card = (await me.add({ card: CARDS.ok })).json().result;
    const stranger = cardCalls((await signUp(t.app)).token);
    expect((await stranger.remove(card.id)).statusCode).toBe(404);
    expect((await stranger.makeDefault(card.id)).statusCode).toBe(404);
    expect((await me.makeDefault('nope')).statusCode).toBe(404);
    expect((await cardCalls().list()).statusCode).toBe(401);
  });
});
