import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakeRazorpay } from './fake-razorpay';

// The fake Checkout's two browser routes: the script, and the pay call it makes (key id only, CORS).
describe('fake Razorpay Checkout', () => {
  let fake: FakeRazorpay;
  const auth = () => ({ authorization: `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`, 'content-type': 'application/json' });
  const order = async (capture: 'automatic' | 'manual' = 'automatic') => {
    const res = await fetch(`${fake.url}/v1/orders`, { method: 'POST', headers: auth(), body: JSON.stringify({ amount: 12_000, currency: 'INR', receipt: 'bk_1', payment: { capture } }) });
    return ((await res.json()) as { id: string }).id;
  };
  const pay = (body: object) =>
    fetch(`${fake.url}/v1/_checkout/pay`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:1' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(() => fake.close());

  it('serves checkout.js defining window.Razorpay, to any origin', async () => {
    const res = await fetch(`${fake.url}/v1/checkout.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toContain('window.Razorpay = Razorpay');
  });

  it('answers the CORS preflight of the pay call', async () => {
    const res = await fetch(`${fake.url}/v1/_checkout/pay`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  it('pays an order as Checkout does: signed handler fields, captured for an automatic order', async () => {
    const id = await order();
    const res = await pay({ key_id: fake.keyId, order_id: id, method: 'upi', outcome: 'success' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { ok: boolean; razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
    expect(answer).toMatchObject({ ok: true, razorpay_order_id: id });
    expect(answer.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);
    expect(fake.payments.get(answer.razorpay_payment_id)).toMatchObject({ status: 'captured', method: 'upi' });
    // a paid order takes no second payment
    const again = await pay({ key_id: fake.keyId, order_id: id, method: 'card', outcome: 'success' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { description: string } }).error.description).toBe('Order has already been paid');
  });

  it('a failure answers Checkout\'s payment.failed error and leaves the order payable', async () => {
    const id = await order('manual');
    const res = await pay({ key_id: fake.keyId, order_id: id, method: 'card', outcome: 'failure' });
    const answer = (await res.json()) as { ok: boolean; error: { reason: string; metadata: { order_id: string; payment_id: string } } };
    expect(answer).toMatchObject({ ok: false, error: { reason: 'payment_failed', metadata: { order_id: id } } });
    expect(fake.payments.get(answer.error.metadata.payment_id)?.status).toBe('failed');
    const retry = (await (await pay({ key_id: fake.keyId, order_id: id, method: 'upi', outcome: 'success' })).json()) as { ok: boolean; razorpay_payment_id: string };
    expect(retry.ok).toBe(true);
    // manual capture: authorised only
    expect(fake.payments.get(retry.razorpay_payment_id)?.status).toBe('authorized');
  });

  it('refuses another key, an unknown order and a bad body, paying nothing', async () => {
    const id = await order();
    const before = fake.payments.size;
    expect((await pay({ key_id: 'rzp_test_other', order_id: id, method: 'upi', outcome: 'success' })).status).toBe(401);
    expect((await pay({ key_id: fake.keyId, order_id: 'order_missing0000000', method: 'upi', outcome: 'success' })).status).toBe(400);
    expect((await pay({ key_id: fake.keyId, order_id: id, method: 'netbanking', outcome: 'success' })).status).toBe(400);
    expect((await pay({ key_id: fake.keyId, order_id: id, method: 'upi', outcome: 'maybe' })).status).toBe(400);
    const notJson = await fetch(`${fake.url}/v1/_checkout/pay`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(fake.payments.size).toBe(before);
  });

  it('a recurring authorisation (decision 042): only with its customer and recurring: 1, only its method; it makes a token', async () => {
    const customer = (await (await fetch(`${fake.url}/v1/customers`, { method: 'POST', headers: auth(), body: JSON.stringify({ name: 'Asha', email: 'asha@example.com', contact: '+919000000001', fail_existing: '0' }) })).json()) as { id: string };
    const expireAt = Math.floor(Date.now() / 1000) + 86_400 * 365;
    const created = await fetch(`${fake.url}/v1/orders`, {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ amount: 12_000, currency: 'INR', receipt: 'bk_2', customer_id: customer.id, method: 'upi', token: { max_amount: 12_000, expire_at: expireAt, frequency: 'monthly' } }),
    });
    const id = ((await created.json()) as { id: string }).id;
    const info = (await (await fetch(`${fake.url}/v1/_checkout/order?key_id=${fake.keyId}&order_id=${id}`)).json()) as { method: string; max_amount: number };
    expect(info).toEqual({ method: 'upi', max_amount: 12_000 });
    const before = fake.payments.size;
    expect((await pay({ key_id: fake.keyId, order_id: id, method: 'upi', outcome: 'success' })).status).toBe(400);
    expect((await pay({ key_id: fake.keyId, order_id: id, method: 'card', outcome: 'success', customer_id: customer.id, recurring: 1 })).status).toBe(400);
    expect(fake.payments.size).toBe(before);
    const res = await pay({ key_id: fake.keyId, order_id: id, method: 'upi', outcome: 'success', customer_id: customer.id, recurring: 1, vpa: 'asha@okaxis' });
    const answer = (await res.json()) as { ok: boolean; razorpay_payment_id: string };
    expect(answer.ok).toBe(true);
    const token = fake.tokens.get(fake.payments.get(answer.razorpay_payment_id)!.token_id as string)!;
    expect(token).toMatchObject({ method: 'upi', customer_id: customer.id, max_amount: 12_000, vpa: { username: 'asha', handle: 'okaxis' }, recurring_details: { status: 'confirmed' } });
    // the same customer for the same details; a token order without a customer is refused
    const again = (await (await fetch(`${fake.url}/v1/customers`, { method: 'POST', headers: auth(), body: JSON.stringify({ name: 'Asha', email: 'asha@example.com', contact: '+919000000001', fail_existing: '0' }) })).json()) as { id: string };
    expect(again.id).toBe(customer.id);
    const bad = await fetch(`${fake.url}/v1/orders`, { method: 'POST', headers: auth(), body: JSON.stringify({ amount: 12_000, currency: 'INR', method: 'upi', token: { max_amount: 12_000, expire_at: expireAt, frequency: 'monthly' } }) });
    expect(bad.status).toBe(400);
  });
});
