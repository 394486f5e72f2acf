import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { expectAccessible } from './support/fixtures';

const CHATBOAT = '**/backend/api/v1/chatboat';

/** Opens the support chat from its launcher and gives back the panel. */
async function openChat(page: Page) {
  const launcher = page.getByRole('button', { name: 'Chat with us!' });
  await launcher.click();
  await expect(launcher).toHaveAttribute('aria-expanded', 'true');
  const panel = page.getByRole('region', { name: 'Chat with us!' });
  await expect(panel).toBeVisible();
  return panel;
}

const messageBox = (panel: Locator) => panel.getByRole('textbox', { name: 'Message to support' });
const chatLog = (panel: Locator) => panel.getByRole('log', { name: 'Chat messages' });
/** The lines of the log; each starts with who said it ('You: ' or 'Support: ', read out to screen readers). */
const lines = (panel: Locator) => chatLog(panel).getByRole('paragraph');

test.describe('support chat widget', { tag: '@phone' }, () => {
  test("opens from 'Chat with us!', at most 500px high, with the welcome line, and closes again", async ({ page }) => {
    await page.goto('/');
    const launcher = page.getByRole('button', { name: 'Chat with us!' });
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: 'Chat with us!' })).toHaveCount(0);

    const panel = await openChat(page);
    expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('500px');
    const box = await panel.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(500);
    expect(box?.height ?? 0).toBeGreaterThan(200);
    await expect(lines(panel)).toHaveText(['Support: Welcome to our website']);
    await expect(messageBox(panel)).toHaveAttribute('placeholder', 'Type your message here...');
    await expect(messageBox(panel)).toBeFocused();
    await expectAccessible(page);

    await launcher.click();
    await expect(panel).toHaveCount(0);
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
  });

  test('a blank message is not sent', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (r) => r.url().endsWith('/chatboat') && sent.push(r.url()));
    await page.goto('/faq');
    const panel = await openChat(page);
    await messageBox(panel).fill('    ');
    await messageBox(panel).press('Enter');
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(lines(panel)).toHaveCount(1);
    expect(sent).toEqual([]);
  });

  test('Enter sends: the box clears, the question shows, and the bot answers it', async ({ page }) => {
    await page.goto('/');
    const panel = await openChat(page);
    const asked = page.waitForRequest(CHATBOAT);
    await messageBox(panel).fill('  How do I cancel a booking?  ');
    await messageBox(panel).press('Enter');
    expect((await asked).postDataJSON()).toEqual({ message: 'How do I cancel a booking?' });
    await expect(messageBox(panel)).toHaveValue('');
    await expect(lines(panel).nth(1)).toHaveText('You: How do I cancel a booking?');
    const reply = lines(panel).nth(2);
    await expect(reply).toHaveText(/^Support: /);
    await expect(reply).toContainText(/cancel|refund/i);
    await expect(lines(panel)).toHaveCount(3);
  });

  test('the send icon sends too', async ({ page }) => {
    await page.route(CHATBOAT, (route) => route.fulfill({ json: { success: true, data: 'Our office is in Bengaluru.' } }));
    await page.goto('/');
    const panel = await openChat(page);
    await messageBox(panel).fill('Where are you?');
    await panel.getByRole('button', { name: 'Send message' }).click();
    await expect(messageBox(panel)).toHaveValue('');
    await expect(lines(panel)).toHaveText(['Support: Welcome to our website', 'You: Where are you?', 'Support: Our office is in Bengaluru.']);
  });

  test("an answer without success shows 'Error: Unable to fetch response.'", async ({ page }) => {
    await page.route(CHATBOAT, (route) => route.fulfill({ json: { success: false } }));
    await page.goto('/');
    const panel = await openChat(page);
    await messageBox(panel).fill('Hello?');
    await messageBox(panel).press('Enter');
    await expect(lines(panel).nth(2)).toHaveText('Support: Error: Unable to fetch response.');
  });

  test("a network failure shows 'Error: Network issue or server is unavailable.'", async ({ page }) => {
    await page.route(CHATBOAT, (route) => route.abort());
    await page.goto('/');
    const panel = await openChat(page);
    await messageBox(panel).fill('Anyone there?');
    await messageBox(panel).press('Enter');
    await expect(lines(panel).nth(2)).toHaveText('Support: Error: Network issue or server is unavailable.');
  });
});

test.describe('footer', () => {
  const EXPLORE: [string, string][] = [
    ['About Us', '/aboutus'],
    ['Parkings', '/parking'],
    ['FAQ', '/faq'],
    ['Blogs', '/blogs'],
    ['Contact Us', '/contact'],
    ['Privacy Policy', '/privacy'],
    ['Terms & Conditions', '/terms_and_condition'],
  ];
  const SOCIAL: [string, RegExp][] = [
    ['Facebook', /^https:\/\/www\.facebook\.com\//],
    ['Instagram', /^https:\/\/www\.instagram\.com\//],
    ['X', /^https:\/\/x\.com\//],
    ['TikTok', /^https:\/\/www\.tiktok\.com\//],
  ];

  test('About Us text, social links, Explore links, contact details and the 2025 copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'About Us' })).toBeVisible();
    await expect(footer.getByText(/all-in-one solution for all types of parking and vehicle storage/)).toBeVisible();

    const social = footer.getByRole('list', { name: 'Parkly on social media' });
    await expect(social.getByRole('link')).toHaveCount(4);
    for (const [name, href] of SOCIAL) {
      const link = social.getByRole('link', { name: `Parkly on ${name}`, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
    }

    const explore = footer.getByRole('navigation', { name: 'Explore' });
    await expect(explore.getByRole('link')).toHaveText(EXPLORE.map(([name]) => name));
    for (const [name, href] of EXPLORE) await expect(explore.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);

    // the support page's content, fetched with the pages call
    await expect(footer.getByText(/27 Residency Road/)).toBeVisible();
    await expect(footer.getByText(/Bengaluru 560025/)).toBeVisible();
    await expect(footer.getByRole('link', { name: 'support@parkly.in' })).toHaveAttribute('href', 'mailto:support@parkly.in');
    await expect(footer.getByRole('link', { name: '+91 80 4567 8900' })).toHaveAttribute('href', 'tel:+918045678900');
    await expect(footer.getByText(/©\s*2025 Parkly/)).toBeVisible();
  });

  test('the e-mail and phone come from the pages call', async ({ page, request }) => {
    // the page the server draws asks the same call
    const support = (await (await request.post('/backend/api/v1/pages', { data: { page_name: 'support' } })).json()) as {
      email: { page_description: string };
      phone_number: { page_description: string };
    };
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: support.email.page_description })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: support.phone_number.page_description })).toBeVisible();

    // and so does the app when it draws the page itself: the server's drawing is taken out of the page
    await page.route('/', async (route) => {
      const res = await route.fetch();
      const plain = (await res.text()).replace(/<div id="root">[\s\S]*<script type="application\/json" id="parkly-state">[\s\S]*?<\/script>/, '<div id="root"></div>');
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: plain });
    });
    await page.route('**/backend/api/v1/pages', async (route) => {
      const body = route.request().postDataJSON() as { page_name?: string };
      if (body.page_name !== 'support') return route.continue();
      await route.fulfill({
        json: { email: { page_description: 'help@example.in' }, phone_number: { page_description: '+91 22 1234 5678' } },
      });
    });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'help@example.in' })).toHaveAttribute('href', 'mailto:help@example.in');
    await expect(footer.getByRole('link', { name: '+91 22 1234 5678' })).toHaveAttribute('href', 'tel:+912212345678');
    await expect(footer.getByText('support@parkly.in')).toHaveCount(0);
  });

  test('an Explore link leads to its page', async ({ page }) => {
    await page.goto('/');
    const explore = page.getByRole('contentinfo').getByRole('navigation', { name: 'Explore' });
    await explore.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL('/terms_and_condition');
    await page.getByRole('contentinfo').getByRole('navigation', { name: 'Explore' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/faq');
  });

  test('scroll to top brings the page back up', async ({ page }) => {
    await page.goto('/privacy');
    const up = page.getByRole('contentinfo').getByRole('button', { name: 'Scroll to top' });
    await up.scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await up.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(2);
  });
});
