import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helper';
import { completeListing, hoursFromNow, insertBooking, listingCalls, signUpHost } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function draftOf(capacity = 2) {
  const host = await signUpHost(t.app);
  const calls = listingCalls(t.app, host.token);
  const id: string = (await calls.create(completeListing({ capacity }))).json().result.id;
  return { id, calls };
}

describe('units', () => {
  it('lists, adds and removes spaces, keeping the capacity equal to their number', async () => {
    const { id, calls } = await draftOf(2);
    const list = await calls.call('GET', `parkings/${id}/units`);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.map((u: { label: string }) => u.label)).toEqual(['Space 1', 'Space 2']);

    const added = await calls.call('POST', `parkings/${id}/units`, { label: '  EV bay B-3 ' });
    expect(added.statusCode).toBe(201);
    expect(added.json().result).toMatchObject({ label: 'EV bay B-3', id: expect.any(String) });
    expect((await calls.manage(id)).json().result.capacity).toBe(3);

    const duplicate = await calls.call('POST', `parkings/${id}/units`, { label: 'space 1' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toHaveProperty('label');
    expect((await calls.call('POST', `parkings/${id}/units`, { label: '   ' })).statusCode).toBe(400);
    expect((await calls.call('POST', `parkings/${id}/units`, { label: 'x'.repeat(61) })).statusCode).toBe(400);

    const removed = await calls.call('DELETE', `parkings/${id}/units/${added.json().result.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.map((u: { label: string }) => u.label)).toEqual(['Space 1', 'Space 2']);
    expect((await calls.manage(id)).json().result.capacity).toBe(2);
    expect((await calls.call('DELETE', `parkings/${id}/units/${added.json().result.id}`)).statusCode).toBe(404);
    expect((await calls.call('DELETE', `parkings/${id}/units/garbage`)).statusCode).toBe(404);
  });

  it('keeps the last space and any space with an upcoming booking', async () => {
    const { id, calls } = await draftOf(2);
    const [first, second] = (await calls.call('GET', `parkings/${id}/units`)).json().result as { id: string }[];
    const guest = await signUp(t.app);
    await insertBooking(t.db, { listingId: id, guestId: guest.user.id, unitId: first!.id, start: hoursFromNow(2), end: hoursFromNow(4), status: 'requested' });
    const booked = await calls.call('DELETE', `parkings/${id}/units/${first!.id}`);
    expect(booked.statusCode).toBe(409);
    expect(booked.json().message).toMatch(/upcoming bookings/);
    expect((await calls.call('DELETE', `parkings/${id}/units/${second!.id}`)).statusCode).toBe(200);
    const last = await calls.call('DELETE', `parkings/${id}/units/${first!.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('A listing needs at least one space.');
  });
});

describe('blackouts', () => {
  it('adds, lists and removes blocked periods', async () => {
    const { id, calls } = await draftOf();
    const year = new Date().getUTCFullYear() + 1;
    const later = await calls.call('POST', `parkings/${id}/blackouts`, {
      start: `${year}-12-24T18:00:00+05:30`,
      end: `${year}-12-26T09:00:00+05:30`,
      reason: 'Family function',
    });
    expect(later.statusCode).toBe(201);
    expect(later.json().result).toMatchObject({ start: `${year}-12-24T12:30:00.000Z`, end: `${year}-12-26T03:30:00.000Z`, reason: 'Family function' });
    const sooner = await calls.call('POST', `parkings/${id}/blackouts`, { start: hoursFromNow(1).toISOString(), end: hoursFromNow(30).toISOString() });
    expect(sooner.json().result.reason).toBeNull();

    const list = await calls.call('GET', `parkings/${id}/blackouts`);
    expect(list.json().result.map((b: { id: string }) => b.id)).toEqual([sooner.json().result.id, later.json().result.id]);
    expect((await calls.manage(id)).json().result.blackouts).toHaveLength(2);

    const removed = await calls.call('DELETE', `parkings/${id}/blackouts/${sooner.json().result.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result.map((b: { id: string }) => b.id)).toEqual([later.json().result.id]);
    expect((await calls.call('DELETE', `parkings/${id}/blackouts/${sooner.json().result.id}`)).statusCode).toBe(404);
    expect((await calls.call('DELETE', `parkings/${id}/blackouts/xyz`)).statusCode).toBe(404);
  });

  it.each([
    ['an end before the start', { start: '2099-01-02T10:00:00+05:30', end: '2099-01-01T10:00:00+05:30' }, 'end'],
    ['an end equal to the start', { start: '2099-01-02T10:00:00Z', end: '2099-01-02T10:00:00Z' }, 'end'],
    ['more than a year', { start: '2099-01-01T00:00:00Z', end: '2100-06-01T00:00:00Z' }, 'end'],
    ['a time without an offset', { start: '2099-01-01T10:00:00', end: '2099-01-02T10:00:00' }, 'start'],
    ['an impossible date', { start: '2099-02-30T10:00:00Z', end: '2099-03-02T10:00:00Z' }, 'start'],
    ['a period that has already ended', { start: '2020-01-01T10:00:00Z', end: '2020-01-02T10:00:00Z' }, 'end'],
    ['a date decades ahead', { start: '2190-01-01T10:00:00Z', end: '2190-01-02T10:00:00Z' }, 'start'],
    ['a year 0 date', { start: '0000-01-01T00:00:00Z', end: '0000-01-02T00:00:00Z' }, 'end'],
    ['a reason too long', { start: '2099-01-01T10:00:00Z', end: '2099-01-02T10:00:00Z', reason: 'x'.repeat(201) }, 'reason'],
  ])('refuses %s, naming the field', async (_label, body, field) => {
    const { id, calls } = await draftOf();
    const res = await calls.call('POST', `parkings/${id}/blackouts`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect((await calls.call('GET', `parkings/${id}/blackouts`)).json().result).toEqual([]);
  });
});

describe('the bookings table', () => {
  it('makes double booking of a unit impossible while touching and non-holding bookings are fine', async () => {
    const { id, calls } = await draftOf(2);
    const [a, b] = (await calls.call('GET', `parkings/${id}/units`)).json().result as { id: string }[];
    const guest = (await signUp(t.app)).user.id;
    const book = (unitId: string, start: number, end: number, status = 'confirmed') =>
      insertBooking(t.db, { listingId: id, guestId: guest, unitId, start: hoursFromNow(start), end: hoursFromNow(end), status });

    await book(a!.id, 10, 12);
    await expect(book(a!.id, 11, 13)).rejects.toMatchObject({ code: '23P01' });
    await expect(book(a!.id, 9, 10.5, 'pending_payment')).rejects.toMatchObject({ code: '23P01' });
    // [10,12) and [12,14) only touch
    await expect(book(a!.id, 12, 14)).resolves.toEqual(expect.any(String));
    await expect(book(b!.id, 11, 13)).resolves.toEqual(expect.any(String));
    await expect(book(a!.id, 11, 13, 'cancelled')).resolves.toEqual(expect.any(String));
    await expect(book(a!.id, 11, 13, 'declined')).resolves.toEqual(expect.any(String));
  });

  it("refuses a booking whose unit belongs to another listing", async () => {
    const one = await draftOf(1);
    const other = await draftOf(1);
    const [unit] = (await other.calls.call('GET', `parkings/${other.id}/units`)).json().result as { id: string }[];
    const guest = (await signUp(t.app)).user.id;
    await expect(
      insertBooking(t.db, { listingId: one.id, guestId: guest, unitId: unit!.id, start: hoursFromNow(1), end: hoursFromNow(2) }),
    ).rejects.toMatchObject({ code: '23503' });
  });
});
