import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../../../test/helper';
import { listingCalls, publishedListing } from '../listings/testing';
import { runBookingJobs } from '../bookings/booking-jobs';
import { bookingDeps } from '../bookings/bookings.routes';
import { bookingCalls, window } from '../bookings/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface ReviewJson {
  id: string;
  parking_id: string;
  rating: number;
  text: string | null;
  created_at: string;
  author: { name: string };
  reply: { text: string; created_at: string } | null;
}

let slot = 0;
/**
 * A new driver's paid booking of the listing, moved into the past and completed by the lifecycle job (as
 * the clock would): its stay ended `endedHoursAgo` hours ago. Each call books a window of its own.
 */
async function completedStay(listingId: string, opts: { name?: string; endedHoursAgo?: number; complete?: boolean } = {}) {
  const guest = await signUp(t.app, { name: opts.name ?? 'Meera Krishnan' });
  const calls = bookingCalls(t.app, guest.token);
  slot += 1;
  const made = await calls.book({ parking_id: listingId, ...window(24 + slot * 4, 3) });
  if (made.statusCode !== 201) throw new Error(`booking failed: ${made.statusCode} ${made.body}`);
  const id: string = made.json().result.id;
  const paid = await calls.pay(id);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  // test setup: the stay happened in the past (a window of its own, so confirmed stays never overlap)
  const endedH = (opts.endedHoursAgo ?? 2) + slot * 4;
  await t.db.query(`UPDATE bookings SET during = tstzrange(now() - $2::int * interval '1 hour', now() - $3::int * interval '1 hour') WHERE id = $1`, [
    id,
    endedH + 3,
    endedH,
  ]);
  if (opts.complete !== false) await runBookingJobs(bookingDeps(t.app));
  return { id, guest, calls };
}

const review = (calls: ReturnType<typeof bookingCalls>, bookingId: string, body: unknown) => calls.call('POST', `bookings/${bookingId}/review`, body);
const reply = (calls: ReturnType<typeof bookingCalls>, reviewId: string, body: unknown) => calls.call('POST', `reviews/${reviewId}/reply`, body);
const reviewsOf = (listingId: string, query = '') => bookingCalls(t.app).call('GET', `parkings/${listingId}/reviews${query}`);
const ratingOf = async (listingId: string) => (await bookingCalls(t.app).call('GET', `parkings/${listingId}`)).json().result.rating as { average: number | null; count: number };
const noticesOf = (userId: string) => t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]);
const mailTo = (email: string) => t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1 ORDER BY created_at, id`, [email]);

describe('POST bookings/:id/review', () => {
  it('lets the driver rate a completed stay; the listing, the booking, the host and their mail all hear of it', async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    const stay = await completedStay(listingId, { name: 'Meera Krishnan' });

    const before = (await stay.calls.get(stay.id)).json().result;
    expect(before).toMatchObject({ status: 'completed', review: null, can_review: true });
    const deadline = Date.parse(before.review_deadline);
    expect(deadline - Date.parse(before.end)).toBe(30 * 86_400_000);

    const res = await review(stay.calls, stay.id, { rating: 4, text: '  Easy to find,\r\nthe guard was friendly.  ' });
    expect(res.statusCode).toBe(201);
    const r: ReviewJson = res.json().result;
    expect(r).toMatchObject({ parking_id: listingId, rating: 4, text: 'Easy to find,\nthe guard was friendly.', author: { name: 'Meera' }, reply: null });
    expect(r.created_at).toMatch(/\+05:30$/);

    expect(await ratingOf(listingId)).toEqual({ average: 4, count: 1 });
    const after = (await stay.calls.get(stay.id)).json().result;
    expect(after).toMatchObject({ can_review: false, review_deadline: null, review: { id: r.id, rating: 4, text: r.text, reply: null } });
    // the host sees the review on the booking too, and cannot review it
    const hostView = (await bookingCalls(t.app, host.token).get(stay.id)).json().result;
    expect(hostView).toMatchObject({ can_review: false, review: { id: r.id } });

    const notices = await noticesOf(host.user.id);
    expect(notices.at(-1)).toMatchObject({ title: 'New review' });
    expect(notices.at(-1)!.description).toMatch(/Meera gave .* 4 stars: “Easy to find, the guard was friendly\.”/);
    const mails = await mailTo(host.user.email);
    expect(mails.at(-1)!.subject).toMatch(/^New review: 4 stars for /);
    expect(mails.at(-1)!.body_text).toContain('/parking/');
  });

  it('takes stars alone, and an empty text as none', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    const res = await review(stay.calls, stay.id, { rating: 5, text: '   ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toMatchObject({ rating: 5, text: null });
  });

  it('keeps the text plain: control and invisible characters are removed, markup is kept as typed', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    const text = 'Safe\u0000 spot\u0007 <b>really</b>\u202E\t<script>alert(1)</script>\n\n\n\nBye\u200B';
    const res = await review(stay.calls, stay.id, { rating: 3, text });
    expect(res.statusCode).toBe(201);
    expect(res.json().result.text).toBe('Safe spot <b>really</b> <script>alert(1)</script>\n\nBye');
  });

  it('refuses bad stars and over-long text with field errors, and changes nothing', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    for (const body of [{}, { rating: 0 }, { rating: 6 }, { rating: 4.5 }, { rating: '5' }, { rating: null }]) {
      const res = await review(stay.calls, stay.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', errors: { rating: expect.stringMatching(/1 to 5 stars/) } });
    }
    const long = await review(stay.calls, stay.id, { rating: 4, text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.text).toMatch(/at most 1000 characters/);
    // 1000 characters once cleaned is fine
    expect((await review(stay.calls, stay.id, { rating: 4, text: 'y'.repeat(40) + '\u0000'.repeat(500) })).statusCode).toBe(201);
    expect((await review(stay.calls, stay.id, { rating: 4, text: 42 })).statusCode).toBe(400);
    const other = await completedStay(listingId);
    expect((await review(other.calls, other.id, { rating: 4, text: 'z'.repeat(1000) })).statusCode).toBe(201);
    expect((await t.db.query(`SELECT 1 FROM reviews WHERE listing_id = $1`, [listingId])).length).toBe(2);
  });

  it("answers 404 for someone else's or an unknown booking, 403 for its host, 401 without a session", async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    const stranger = bookingCalls(t.app, (await signUp(t.app)).token);
    expect((await review(stranger, stay.id, { rating: 5 })).statusCode).toBe(404);
    expect((await review(stranger, randomUUID(), { rating: 5 })).statusCode).toBe(404);
    expect((await review(stranger, 'not-an-id', { rating: 5 })).statusCode).toBe(404);
    const byHost = await review(bookingCalls(t.app, host.token), stay.id, { rating: 5 });
    expect(byHost.statusCode).toBe(403);
    expect(byHost.json().message).toMatch(/Only the driver/);
    expect((await review(bookingCalls(t.app), stay.id, { rating: 5 })).statusCode).toBe(401);
    expect(await ratingOf(listingId)).toEqual({ average: null, count: 0 });
  });

  it('refuses a stay that is not completed, with a clear message', async () => {
    const { id: listingId } = await publishedListing(t.app, { capacity: 3 });
    const guest = await signUp(t.app);
    const calls = bookingCalls(t.app, guest.token);
    const upcoming = (await calls.book({ parking_id: listingId, ...window(300, 2) })).json().result.id;
    await calls.pay(upcoming);
    const res = await review(calls, upcoming, { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'You can review this stay once it has ended.' });
    expect((await calls.get(upcoming)).json().result.can_review).toBe(false);

    const cancelled = (await calls.book({ parking_id: listingId, ...window(310, 2) })).json().result.id;
    await calls.pay(cancelled);
    await calls.cancel(cancelled);
    const c = await review(calls, cancelled, { rating: 1 });
    expect(c.statusCode).toBe(409);
    expect(c.json().message).toMatch(/Only a completed stay can be reviewed: this booking is cancelled/);

    const unpaid = (await calls.book({ parking_id: listingId, ...window(320, 2) })).json().result.id;
    expect((await review(calls, unpaid, { rating: 1 })).statusCode).toBe(409);

    // ended, but the lifecycle job has not completed it yet
    const ended = await completedStay(listingId, { complete: false });
    const early = await review(ended.calls, ended.id, { rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/just ended/);
    expect(await ratingOf(listingId)).toEqual({ average: null, count: 0 });
  });

  it('takes one review per stay: a second is 409 and changes nothing', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    expect((await review(stay.calls, stay.id, { rating: 2, text: 'Gate was locked.' })).statusCode).toBe(201);
    const again = await review(stay.calls, stay.id, { rating: 5, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reviewed/);
    expect(await ratingOf(listingId)).toEqual({ average: 2, count: 1 });
  });

  it('closes 30 days after the stay ends', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const late = await completedStay(listingId, { endedHoursAgo: 30 * 24 + 1 });
    expect((await late.calls.get(late.id)).json().result).toMatchObject({ status: 'completed', can_review: false, review_deadline: null, review: null });
    const res = await review(late.calls, late.id, { rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Reviews close 30 days after a stay ends: this one closed on /);
    const inTime = await completedStay(listingId, { endedHoursAgo: 29 * 24 - 60 });
    expect((await inTime.calls.get(inTime.id)).json().result.can_review).toBe(true);
    expect((await review(inTime.calls, inTime.id, { rating: 5 })).statusCode).toBe(201);
  });

  it('lets only one of two reviews of the same stay sent at the same time through', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    const answers = await Promise.all([review(stay.calls, stay.id, { rating: 5, text: 'first' }), review(stay.calls, stay.id, { rating: 1, text: 'second' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.query<{ rating: number }>(`SELECT rating FROM reviews WHERE booking_id = $1`, [stay.id]);
    expect(rows).toHaveLength(1);
    const won = answers.find((a) => a.statusCode === 201)!.json().result.rating;
    expect(await ratingOf(listingId)).toEqual({ average: won, count: 1 });
  });
});

describe("a listing's rating", () => {
  it('keeps the average and count of every review, also when reviews arrive at once', async () => {
    const { id: listingId } = await publishedListing(t.app, { capacity: 2 });
    const stays = [];
    for (let i = 0; i < 5; i++) stays.push(await completedStay(listingId));
    await review(stays[0]!.calls, stays[0]!.id, { rating: 5 });
    expect(await ratingOf(listingId)).toEqual({ average: 5, count: 1 });
    await review(stays[1]!.calls, stays[1]!.id, { rating: 4 });
    await review(stays[2]!.calls, stays[2]!.id, { rating: 4 });
    expect(await ratingOf(listingId)).toEqual({ average: 4.33, count: 3 });
    // two more at the same moment: each recount sees the other
    const both = await Promise.all([review(stays[3]!.calls, stays[3]!.id, { rating: 2 }), review(stays[4]!.calls, stays[4]!.id, { rating: 1 })]);
    expect(both.map((b) => b.statusCode)).toEqual([201, 201]);
    expect(await ratingOf(listingId)).toEqual({ average: 3.2, count: 5 });
    expect((await reviewsOf(listingId)).json().rating).toEqual({ average: 3.2, count: 5 });
  });

  it('orders search by it and filters on min_rating', async () => {
    const place = { lat: 23.0225, lng: 72.5714 }; // somewhere no other test puts a listing
    const good = (await publishedListing(t.app, place)).id;
    const fair = (await publishedListing(t.app, place)).id;
    const unrated = (await publishedListing(t.app, place)).id;
    for (const [id, rating] of [[good, 5], [good, 4], [fair, 3]] as const) {
      const s = await completedStay(id);
      expect((await review(s.calls, s.id, { rating })).statusCode).toBe(201);
    }
    const search = async (q: string) =>
      ((await bookingCalls(t.app).call('GET', `parkings/search?lat=${place.lat}&lng=${place.lng}&radius_km=5&${q}`)).json().result as { id: string; rating: unknown }[]);
    const byRating = await search('sort=rating');
    expect(byRating.map((r) => r.id)).toEqual([good, fair, unrated]);
    expect(byRating[0]!.rating).toEqual({ average: 4.5, count: 2 });
    expect((await search('min_rating=4')).map((r) => r.id)).toEqual([good]);
    expect((await search('min_rating=3')).map((r) => r.id).sort()).toEqual([good, fair].sort());
    expect((await bookingCalls(t.app).call('GET', `parkings/search?lat=${place.lat}&lng=${place.lng}&min_rating=6`)).statusCode).toBe(400);
  });
});

describe('POST reviews/:id/reply', () => {
  it("lets the listing's host reply once; the driver hears of it", async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    const stay = await completedStay(listingId, { name: 'Kabir Rao' });
    const r: ReviewJson = (await review(stay.calls, stay.id, { rating: 3, text: 'Tight turn into the bay.' })).json().result;
    const hostCalls = bookingCalls(t.app, host.token);

    const res = await reply(hostCalls, r.id, { text: '  Thanks Kabir, we have painted guide lines since.\u0000 ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ id: r.id, reply: { text: 'Thanks Kabir, we have painted guide lines since.' } });
    expect(res.json().result.reply.created_at).toMatch(/\+05:30$/);

    const again = await reply(hostCalls, r.id, { text: 'One more thing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already replied/);

    expect((await stay.calls.get(stay.id)).json().result.review.reply).toMatchObject({ text: 'Thanks Kabir, we have painted guide lines since.' });
    expect((await reviewsOf(listingId)).json().result[0].reply.text).toBe('Thanks Kabir, we have painted guide lines since.');
    expect((await noticesOf(stay.guest.user.id)).at(-1)).toMatchObject({ title: 'The host replied to your review' });
    expect((await mailTo(stay.guest.user.email)).at(-1)!.body_text).toContain('Thanks Kabir');
  });

  it('refuses anyone but the host, unknown reviews, and an empty or over-long reply', async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    const stay = await completedStay(listingId);
    const r: ReviewJson = (await review(stay.calls, stay.id, { rating: 5 })).json().result;
    const hostCalls = bookingCalls(t.app, host.token);
    const otherHost = bookingCalls(t.app, (await publishedListing(t.app)).host.token);
    expect((await reply(otherHost, r.id, { text: 'Hi' })).statusCode).toBe(403);
    expect((await reply(stay.calls, r.id, { text: 'Replying to myself' })).statusCode).toBe(403);
    expect((await reply(bookingCalls(t.app), r.id, { text: 'Hi' })).statusCode).toBe(401);
    expect((await reply(hostCalls, randomUUID(), { text: 'Hi' })).statusCode).toBe(404);
    expect((await reply(hostCalls, 'nope', { text: 'Hi' })).statusCode).toBe(404);
    const empty = await reply(hostCalls, r.id, { text: ' \u0000 ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.text).toMatch(/Write your reply/);
    expect((await reply(hostCalls, r.id, {})).statusCode).toBe(400);
    expect((await reply(hostCalls, r.id, { text: 'x'.repeat(1001) })).json().errors.text).toMatch(/1000/);
    expect((await reviewsOf(listingId)).json().result[0].reply).toBeNull();
  });
});

describe('GET parkings/:id/reviews', () => {
  it('pages the reviews newest first, authors by first name only, for anyone', async () => {
    const { id: listingId } = await publishedListing(t.app, { capacity: 2 });
    const names = ['Asha Menon', 'Dev Patel', 'Farah Khan', 'Gopal Das', 'Isha Roy'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      const s = await completedStay(listingId, { name });
      ids.push((await review(s.calls, s.id, { rating: (i % 5) + 1, text: `Stay ${i}` })).json().result.id);
    }
    const first = await reviewsOf(listingId, '?limit=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.result.map((r: ReviewJson) => r.id)).toEqual([ids[4], ids[3]]);
    expect(page1.result.map((r: ReviewJson) => r.author)).toEqual([{ name: 'Isha' }, { name: 'Gopal' }]);
    expect(page1.rating).toEqual({ average: 3, count: 5 });
    expect(JSON.stringify(page1)).not.toMatch(/Roy|Das|email|booking/);
    const page2 = (await reviewsOf(listingId, `?limit=2&cursor=${page1.next_cursor}`)).json();
    expect(page2.result.map((r: ReviewJson) => r.id)).toEqual([ids[2], ids[1]]);
    const page3 = (await reviewsOf(listingId, `?limit=2&cursor=${page2.next_cursor}`)).json();
    expect(page3.result.map((r: ReviewJson) => r.id)).toEqual([ids[0]]);
    expect(page3.next_cursor).toBeUndefined();
    expect((await reviewsOf(listingId)).json().result).toHaveLength(5);
  });

  it('answers an empty list for a space nobody reviewed, 404 for drafts and unknown ids, 400 for bad paging', async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    expect((await reviewsOf(listingId)).json()).toEqual({ result: [], rating: { average: null, count: 0 } });
    const draft = (await listingCalls(t.app, host.token).create({ title: 'Half done' })).json().result.id;
    expect((await reviewsOf(draft)).statusCode).toBe(404);
    expect((await reviewsOf(randomUUID())).statusCode).toBe(404);
    expect((await reviewsOf('nope')).statusCode).toBe(404);
    expect((await reviewsOf(listingId, '?limit=0')).statusCode).toBe(400);
    expect((await reviewsOf(listingId, '?limit=51')).statusCode).toBe(400);
    expect((await reviewsOf(listingId, '?cursor=garbage')).statusCode).toBe(400);
    const odd = Buffer.from(JSON.stringify({ k: '2026-01-01', id: randomUUID() })).toString('base64url');
    expect((await reviewsOf(listingId, `?cursor=${odd}`)).statusCode).toBe(400);
  });

  it('names a driver who closed their account no more', async () => {
    const { id: listingId } = await publishedListing(t.app);
    const stay = await completedStay(listingId, { name: 'Nikhil Bose' });
    await review(stay.calls, stay.id, { rating: 4, text: 'Fine.' });
    expect((await stay.calls.call('GET', 'delete-account')).statusCode).toBe(200);
    expect((await reviewsOf(listingId)).json().result[0]).toMatchObject({ author: { name: 'Former driver' }, rating: 4, text: 'Fine.' });
  });
});
