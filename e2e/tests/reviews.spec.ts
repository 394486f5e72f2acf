import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, GUEST_EMAIL, HOST_EMAIL, loginViaApi, openAs } from './support/fixtures';

// A driver reviews a completed stay from their booking's page, the listing page shows it with the new
// average, and the host replies there. The demo content has a completed, unreviewed stay for the demo
// guest and one for Meera (a demo driver); each width uses its own, so the two runs never meet.

const SHOTS = '/tmp/shots';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/reviews-${name}-${page.viewportSize()!.width}.png`, fullPage: true });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
test.describe.configure({ timeout: 120_000 });

const DRIVERS = { desktop: { email: GUEST_EMAIL, first: 'Aarav' }, phone: { email: 'meera.krishnan@parkly.test', first: 'Meera' } };

interface BookingJson {
  id: string;
  parking_id: string;
  status: string;
  can_review?: boolean;
  listing: { title: string | null };
  review?: { reply: { text: string } | null } | null;
}
interface ReviewsJson {
  result: { id: string; rating: number; text: string | null; author: { name: string } }[];
  rating: { average: number | null; count: number };
  next_cursor?: string;
}

/** The driver's completed stay that can still be reviewed. */
async function stayToReview(request: APIRequestContext, token: string) {
  const res = await request.get(`${API}/bookings?status=past&limit=50`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  const stay = ((await res.json()) as { result: BookingJson[] }).result.find((b) => b.status === 'completed' && b.can_review);
  expect(stay, 'a completed stay to review in the demo content').toBeTruthy();
  return stay!;
}

/** Every review of a listing, through the public call. */
async function allReviews(request: APIRequestContext, parkingId: string) {
  const res = await request.get(`${API}/parkings/${parkingId}/reviews?limit=50`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ReviewsJson;
}

const oneDecimal = (n: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n);

test('a driver reviews a completed stay, the listing shows it with the new average, and the host replies', { tag: '@both' }, async ({ page, request }, info) => {
  const driver = DRIVERS[info.project.name === 'phone' ? 'phone' : 'desktop'];
  const token = await loginViaApi(request, driver.email);
  const stay = await stayToReview(request, token);
  const before = await allReviews(request, stay.parking_id);
  const words = `Wide bay and a friendly guard, easy to get out early in the morning (${info.project.name}).`;

  // the booking's page asks for stars and words
  await openAs(page, token, `/parking/booking-details/${stay.id}`);
  const form = page.getByRole('region', { name: 'Rate your stay' });
  await expect(form).toBeVisible();
  const stars = form.getByRole('group', { name: 'Your rating' });
  await expect(stars.getByRole('radio')).toHaveCount(5);
  await expectAccessible(page);
  await shot(page, 'form');

  // no stars: the form says what is missing and sends nothing
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(form.getByText('Choose 1 to 5 stars')).toBeVisible();

  // the stars are a radio group: pick one, then move with the arrow keys
  await stars.getByRole('radio', { name: '3 stars, Good' }).check();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stars.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
  await expect(form.getByText('Choose 1 to 5 stars')).toBeHidden();
  const text = form.getByRole('textbox', { name: 'Your review (optional)' });
  await text.fill(words);
  await expect(form.getByText(`${words.length} / 1000`)).toBeVisible();
  await shot(page, 'form-filled');
  await form.getByRole('button', { name: 'Post review' }).click();

  const left = page.getByRole('region', { name: 'Your review' });
  await expect(left.getByText('Thank you! Your review is posted.')).toBeVisible();
  await expect(left).toContainText(words);
  await expect(left).toContainText('Rated 5 out of 5');
  await expect(page.getByRole('region', { name: 'Rate your stay' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'left');

  // the listing's average and count follow (5 stars added to what was there)
  const after = await allReviews(request, stay.parking_id);
  const sum = before.result.reduce((s, r) => s + r.rating, 0) + 5;
  expect(after.rating.count).toBe(before.rating.count + 1);
  expect(after.rating.average!).toBeCloseTo(sum / (before.result.length + 1), 2);
  expect(after.result[0]).toMatchObject({ rating: 5, text: words, author: { name: driver.first } });

  await page.goto(`/parking/${stay.parking_id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  await expect(reviews).toContainText(`Average ${oneDecimal(after.rating.average!)} out of 5, from ${after.rating.count} ${after.rating.count === 1 ? 'review' : 'reviews'}`);
  const list = reviews.getByRole('list', { name: 'Reviews, newest first' });
  const newest = list.getByRole('listitem').first();
  await expect(newest).toContainText(driver.first);
  await expect(newest).toContainText(words);
  // a few at a time: the rest come with "Show more reviews"
  await expect(list.getByRole('listitem')).toHaveCount(Math.min(5, after.rating.count));
  if (after.rating.count > 5) {
    await reviews.getByRole('button', { name: 'Show more reviews' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(Math.min(10, after.rating.count));
  }
  // a visitor cannot reply
  await expect(reviews.getByRole('button', { name: /^Reply to/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'listing');

  // the host replies on the listing page, once
  const hostToken = await loginViaApi(request, HOST_EMAIL);
  await openAs(page, hostToken, `/parking/${stay.parking_id}`, 'host');
  const hostReviews = page.getByRole('region', { name: 'Reviews' });
  const mine = hostReviews.getByRole('listitem').filter({ hasText: words });
  await mine.getByRole('button', { name: `Reply to ${driver.first}` }).click();
  const answer = `Thank you ${driver.first}, see you again!`;
  await mine.getByRole('textbox', { name: `Your reply to ${driver.first}` }).fill(answer);
  await expectAccessible(page);
  await shot(page, 'reply-form');
  await mine.getByRole('button', { name: 'Post reply' }).click();
  await expect(mine).toContainText('Reply from Priya');
  await expect(mine).toContainText(answer);
  await expect(mine.getByRole('button', { name: `Reply to ${driver.first}` })).toHaveCount(0);

  // the driver's booking shows the reply too
  const booking = await request.get(`${API}/bookings/${stay.id}`, { headers: auth(token) });
  expect(((await booking.json()) as { result: BookingJson }).result.review?.reply?.text).toBe(answer);
});
