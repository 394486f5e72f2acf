import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { expectFieldError, main } from './support/screens';

type PageEntries = Record<string, { page_title: string; page_description: string }>;

/** The page's entries as the database holds them (the same call the screen makes). */
async function pageEntries(request: APIRequestContext, pageName: string) {
  const res = await request.post(`${API}/pages`, { data: { page_name: pageName } });
  expect(res.status()).toBe(200);
  return (await res.json()) as PageEntries;
}

/** The first sentence-ish of an entry's first paragraph, with the small markdown taken out. */
function firstWords(description: string) {
  const paragraph = description.split(/\n\s*\n/).find((p) => !/^\s*(#|[-*]\s|\d+[.)]\s)/.test(p)) ?? '';
  const plain = paragraph
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.slice(0, 60);
}

const CONTENT_PAGES = [
  { path: '/aboutus', pageName: 'aboutus', title: 'About Us' },
  { path: '/work', pageName: 'work', title: 'How Parkly works' },
  { path: '/privacy', pageName: 'privacy', title: 'Privacy Policy' },
  { path: '/terms_and_condition', pageName: 'terms_and_condition', title: 'Terms & Conditions' },
];

test.describe('pages from the database', { tag: '@phone' }, () => {
  for (const { path, pageName, title } of CONTENT_PAGES) {
    test(`${path} shows its heading and every section from the database`, async ({ page, request }) => {
      const entries = Object.values(await pageEntries(request, pageName));
      expect(entries.length).toBeGreaterThan(0);
      await page.goto(path);
      await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(title);
      for (const entry of entries) {
        if (entry.page_title && entry.page_title !== title) {
          await expect(main(page).getByRole('heading', { level: 2, name: entry.page_title, exact: true })).toBeVisible();
        }
        const words = firstWords(entry.page_description);
        if (words) await expect(main(page)).toContainText(words);
      }
      await expect(page).toHaveTitle(new RegExp(title.replace('&', '\\&')));
      await expectAccessible(page);
    });
  }

  test('/work leads drivers to parking and hosts to listing a space', async ({ page }) => {
    await page.goto('/work');
    await expect(main(page).getByRole('link', { name: 'Find parking' })).toHaveAttribute('href', '/parking');
    await expect(main(page).getByRole('link', { name: 'List your space' })).toHaveAttribute('href', '/welcomehost');
  });
});

test.describe('blogs', () => {
  test('/blogs lists the posts and opening one shows the article', async ({ page }) => {
    await page.goto('/blogs');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Parking tips and host stories' })).toBeVisible();
    const posts = main(page).getByRole('article');
    await expect(posts.first()).toBeVisible();
    expect(await posts.count()).toBeGreaterThanOrEqual(6);
    await expectAccessible(page);

    const first = posts.first().getByRole('heading', { level: 2 }).getByRole('link');
    const title = (await first.innerText()).trim();
    expect(title.length).toBeGreaterThan(10);
    await first.click();
    await expect(page).toHaveURL(/\/blogs\/blog-detail\?slug=[a-z0-9-]+$/);
    const article = main(page).getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.getByText(/\d+ min read/)).toBeVisible();
    expect((await article.innerText()).length).toBeGreaterThan(800);
    await expect(page).toHaveTitle(new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expectAccessible(page);

    await main(page).getByRole('link', { name: 'All posts' }).click();
    await expect(page).toHaveURL('/blogs');
  });

  test('an unknown post shows a not-found message', async ({ page }) => {
    await page.goto('/blogs/blog-detail?slug=no-such-post-anywhere');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
    await expect(main(page)).toContainText('This post does not exist or has been taken down.');
    await expectAccessible(page);
    await main(page).getByRole('link', { name: 'See all posts' }).click();
    await expect(page).toHaveURL('/blogs');
  });

  test('a blog link without a post shows the not-found message', async ({ page }) => {
    await page.goto('/blogs/blog-detail');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
  });
});

test.describe('FAQ', { tag: '@phone' }, () => {
  test('the questions are grouped, searchable and open to show the answer', async ({ page }) => {
    await page.goto('/faq');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 2, name: 'Cancellations' })).toBeVisible();
    await expect(main(page).getByText('Which cities is Parkly available in?', { exact: true })).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('searchbox', { name: 'Search the FAQ' }).fill('cancel');
    await expect(page).toHaveURL('/faq?q=cancel');
    await expect(main(page).getByText('Which cities is Parkly available in?', { exact: true })).toHaveCount(0);
    const question = main(page).getByText('What are the cancellation policies?', { exact: true });
    await question.click();
    await expect(main(page).getByText(/full refund if you cancel at least 24 hours before the start/)).toBeVisible();
    await expectAccessible(page);
  });

  test('a search with no match says so and points to support', async ({ page }) => {
    await page.goto('/faq?q=zzxqv');
    await expect(main(page).getByText('No questions match “zzxqv”.')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'contact our support team' })).toHaveAttribute('href', '/contact');
  });
});

test.describe('contact', { tag: '@phone' }, () => {
  test('an empty form shows the messages next to the fields', async ({ page }) => {
    await page.goto('/contact');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Send message' }).click();
    await expectFieldError(main(page).getByLabel('Your name'), 'Enter your name');
    await expectFieldError(main(page).getByLabel('E-mail'), 'Enter a valid e-mail address');
    await expectFieldError(main(page).getByLabel('Subject'), 'Enter a subject');
    await expectFieldError(main(page).getByLabel('Message'), 'Tell us a little more (at least 10 characters)');
    await expectAccessible(page);
  });

  test('a valid message is sent and confirmed', async ({ page }) => {
    await page.goto('/contact');
    await main(page).getByLabel('Your name').fill('Lakshmi Menon');
    await main(page).getByLabel('E-mail').fill('lakshmi.menon@example.com');
    await main(page).getByLabel('Subject').fill('Parking near Indiranagar metro');
    await main(page).getByLabel('Message').fill('Do you have monthly spaces near the Indiranagar metro station for a hatchback?');
    await main(page).getByRole('button', { name: 'Send message' }).click();
    const sent = main(page).getByRole('status').filter({ hasText: 'Message sent' });
    await expect(sent).toContainText('Thanks! Your message has been sent. We usually reply within one working day.');
    await expectAccessible(page);
    await sent.getByRole('button', { name: 'Send another message' }).click();
    await expect(main(page).getByLabel('Subject')).toHaveValue('');
  });

  test('a logged-in person finds their name and e-mail filled in', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Rohan Mehta' });
    await openAs(page, account.token, '/contact');
    await expect(main(page).getByLabel('Your name')).toHaveValue('Rohan Mehta');
    await expect(main(page).getByLabel('E-mail')).toHaveValue(account.email);
  });

  test('shows the support e-mail and phone from the database', async ({ page, request }) => {
    const support = await pageEntries(request, 'support');
    await page.goto('/contact');
    const details = main(page).getByRole('complementary', { name: 'Other ways to reach us' });
    await expect(details.getByRole('link', { name: support.email!.page_description })).toHaveAttribute('href', `mailto:${support.email!.page_description}`);
    await expect(details.getByRole('link', { name: support.phone_number!.page_description })).toBeVisible();
  });
});

test.describe('help and support', () => {
  test('/helper offers the FAQ search, top questions and the support e-mail', async ({ page }) => {
    await page.goto('/helper');
    await expect(main(page).getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'support@parkly.in' })).toHaveAttribute('href', 'mailto:support@parkly.in');
    await expect(main(page).getByRole('heading', { name: 'Top questions' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
    await expectAccessible(page);

    await main(page).getByRole('searchbox', { name: 'Search the FAQ' }).fill('refund');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/faq?q=refund');
    await expect(main(page).getByRole('searchbox', { name: 'Search the FAQ' })).toHaveValue('refund');
    await expect(main(page).getByRole('heading', { level: 2 }).first()).toBeVisible();
  });
});

test.describe('status messages', () => {
  test('a known code shows its status', async ({ page }) => {
    await page.goto('/alertMessage?code=password_changed');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
    await expect(main(page)).toContainText('Your password has been changed. Other devices have been signed out.');
    await expect(main(page).getByRole('link', { name: 'Back to your profile' })).toHaveAttribute('href', '/profile');
    await expectAccessible(page);
  });

  test('text from the address is never shown or run', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const script = '<script>alert(1)</script>';
    await page.goto(`/alertMessage?code=${encodeURIComponent(script)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Nothing to show here' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('alert(1)');
    await expect(page.locator('body')).not.toContainText('<script>');
    await expectAccessible(page);
    expect(dialogs).toEqual([]);
  });

  test('an unknown code shows the generic status', async ({ page }) => {
    await page.goto('/alertMessage?code=you_won_a_car');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Nothing to show here' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('you_won_a_car');
  });
});

/** The pinned parking types, in the order the home page lists them. */
const PARKING_TYPES: [string, string][] = [
  ['driveway', 'Driveway'],
  ['garage', 'Garage'],
  ['carport', 'Carport'],
  ['open_lot', 'Open lot'],
  ['covered_lot', 'Covered lot'],
  ['street', 'Street parking'],
  ['indoor_storage', 'Indoor storage'],
  ['outdoor_storage', 'Outdoor storage'],
];

async function typeLinks(page: Page) {
  const section = main(page).getByRole('region', { name: 'Parking and storage for every vehicle' });
  await expect(section).toBeVisible();
  return section.getByRole('link');
}

test.describe('home', { tag: '@phone' }, () => {
  test('the hero, its search, the host link and the parking types', async ({ page }) => {
    await page.goto('/');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText('Park closer. Store safer. Pay only for the time you need.');
    await expect(main(page).getByRole('search', { name: 'Find parking' })).toBeVisible();
    const listYourSpace = main(page).getByRole('link', { name: 'List your space' });
    await expect(listYourSpace.first()).toHaveAttribute('href', '/welcomehost');
    for (const link of await listYourSpace.all()) await expect(link).toHaveAttribute('href', '/welcomehost');

    const links = await typeLinks(page);
    await expect(links).toHaveCount(PARKING_TYPES.length);
    for (const [i, [key, label]] of PARKING_TYPES.entries()) {
      await expect(links.nth(i)).toHaveAccessibleName(new RegExp(`^${label}\\b`));
      await expect(links.nth(i)).toHaveAttribute('href', `/parking?parking_type=${key}`);
    }
    await expectAccessible(page);
  });

  test('a parking type opens the listing filtered by it', async ({ page }) => {
    await page.goto('/');
    const links = await typeLinks(page);
    await links.filter({ has: page.getByText('Garage', { exact: true }) }).click();
    await expect(page).toHaveURL('/parking?parking_type=garage');
  });
});
