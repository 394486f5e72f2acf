import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, loginViaApi, openAs } from './support/fixtures';
import { uniqueTag } from './support/listings';
import { sentMail } from './support/mail-sink';
import { main } from './support/screens';

const ADMIN_EMAIL = 'admin@parkly.test';

/** The slugs the public blog list shows (the same call /blogs makes). */
async function publicSlugs(request: APIRequestContext) {
  const res = await request.get(`${API}/blogs`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { slug: string }[] }).result.map((b) => b.slug);
}

/**
 * A post long enough to read as a real article (content.spec opens the newest post and expects one),
 * with a line of markup that must stay inert text.
 */
const BODY = [
  '## Before you set off',
  '',
  'Dasara brings lakhs of visitors to Mysuru, and the roads around the palace close to cars on the main evenings. Book a driveway or a society bay a little away from the centre, then walk or take an auto for the last stretch. Spaces near the ring road fill up first, so book at least a week ahead and keep the host’s access note handy on your phone.',
  '',
  '- Park facing out, so you can leave quickly when the crowds thin.',
  '- Keep the booking page open: it has the exact address and the host’s number.',
  '- Carry a little water and a torch; the evenings run late.',
  '',
  '## On the day',
  '',
  'Arrive early, message your host through Parkly if the gate is locked, and leave the bay as you found it. If plans change, cancel from My Bookings before the free cancellation time and the refund goes back to your card on its own.',
  '',
  'Raw markup stays text: <img src=x onerror="window.__xss=1">',
].join('\n');

test.describe('admin: content', () => {
  test('an admin publishes a blog post that then appears on /blogs', async ({ page, request }) => {
    const tag = uniqueTag();
    const title = `Festival parking in Mysuru ${tag}`;
    const slug = `festival-parking-in-mysuru-${tag}`;
    await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/admin/content/blogs');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'A practical guide to monthly parking in Bengaluru' })).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('link', { name: 'New post' }).click();
    await expect(page).toHaveURL('/admin/content/blogs/new');
    await main(page).getByLabel('Title', { exact: true }).fill(title);
    await main(page).getByLabel('Summary', { exact: true }).fill('Where to leave the car during Dasara, and how to get in and out without stress.');
    await main(page).getByLabel('Author', { exact: true }).fill('Parkly team');
    await main(page).getByLabel('Body', { exact: true }).fill(BODY);
    await main(page).getByRole('button', { name: 'Show preview' }).click();
    const preview = main(page).getByRole('region', { name: 'Preview of the post' });
    await expect(preview.getByRole('heading', { name: 'Before you set off' })).toBeVisible();
    await expect(preview).toContainText('<img src=x onerror="window.__xss=1">');
    await main(page).getByRole('button', { name: 'Create post' }).click();

    // saved as a draft (the default): the editor opens on the new post, the site does not show it
    await expect(main(page).getByText('Saved as a draft. It is not on the site.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/content\/blogs\/[0-9a-f-]{36}$/);
    await expect(main(page).getByLabel('Address (slug)')).toHaveValue(slug);
    expect(await publicSlugs(request)).not.toContain(slug);
    await expectAccessible(page);

    await main(page).getByLabel('Status', { exact: true }).selectOption('published');
    await main(page).getByRole('button', { name: 'Save post' }).click();
    await expect(main(page).getByText('Published: the post is on the site now.')).toBeVisible();
    expect(await publicSlugs(request)).toContain(slug);

    await page.goto('/blogs');
    const card = main(page).getByRole('article').filter({ has: page.getByRole('link', { name: title }) });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/blogs/blog-detail?slug=${slug}`);
    const article = main(page).getByRole('article');
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(article.getByRole('heading', { level: 2, name: 'On the day' })).toBeVisible();
    await expect(article).toContainText('Raw markup stays text: <img src=x onerror="window.__xss=1">');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('the pages, FAQ and blog screens pass axe', { tag: '@both' }, async ({ page, request }) => {
    await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/admin/content');
    await expect(main(page).getByLabel('Page', { exact: true })).toHaveValue('aboutus');
    await expect(main(page).getByRole('region', { name: '1. Our mission' })).toBeVisible();
    await expectAccessible(page);
    await main(page).getByLabel('Page', { exact: true }).selectOption('support');
    await expect(main(page).getByRole('button', { name: 'Save Support contacts' })).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(main(page).getByRole('region', { name: 'Booking' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Add a question' }).click();
    await expect(main(page).getByRole('region', { name: 'New question' }).getByLabel('Question', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('admin: support inbox', () => {
  test('an admin answers a contact message, and the reply arrives as e-mail', async ({ page, request }) => {
    const tag = uniqueTag();
    const email = `e2e-contact-${tag}@example.com`;
    const subject = `Gate code for my booking ${tag}`;
    const reply = `The gate code is on your booking page under Access. Reference ${tag}.`;

    // a visitor writes through the contact form
    await page.goto('/contact');
    await main(page).getByLabel('Your name').fill('Meera Iyer');
    await main(page).getByLabel('E-mail').fill(email);
    await main(page).getByLabel('Subject').fill(subject);
    await main(page).getByLabel('Message').fill('I booked the Koramangala space for tomorrow but cannot find the gate code anywhere.');
    await main(page).getByRole('button', { name: 'Send message' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Message sent' })).toBeVisible();

    // the admin finds it in the inbox
    await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/admin/support');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Contact form' })).toHaveAttribute('aria-pressed', 'true');
    await main(page).getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    const row = main(page).getByRole('link', { name: new RegExp(subject) });
    await expect(row).toContainText('Open');
    await expectAccessible(page);
    await row.click();

    await expect(main(page).getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(main(page)).toContainText('cannot find the gate code anywhere');
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Send reply' }).click();
    await expect(main(page).getByText('Write a reply')).toBeVisible();
    await main(page).getByLabel('Your reply').fill(reply);
    await main(page).getByRole('button', { name: 'Send reply' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: `Reply sent by e-mail to ${email}.` })).toBeVisible();
    const answer = main(page).getByRole('region', { name: 'Answer' });
    await expect(answer).toContainText(reply);
    await expect(main(page).getByRole('region', { name: 'Message' })).toContainText('Answered');
    await expect(answer.getByRole('button', { name: 'Reopen' })).toBeVisible();

    // the outbox worker (every 3 s) hands it to the SMTP sink
    await expect
      .poll(() => sentMail().find((m) => m.to.includes(email) && m.subject === `Re: ${subject}`)?.text ?? '', { timeout: 30_000, intervals: [500, 1000, 2000] })
      .toContain(reply);
    const mail = sentMail().find((m) => m.to.includes(email) && m.subject === `Re: ${subject}`)!;
    expect(mail.text).toContain('> I booked the Koramangala space for tomorrow');
    expect(mail.html).toContain('gate code is on your booking page');

    // back in the inbox it is answered
    await main(page).getByRole('link', { name: 'Back to the inbox' }).click();
    await main(page).getByLabel('Status').selectOption('answered');
    await main(page).getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(main(page).getByRole('link', { name: new RegExp(subject) })).toContainText('Answered');
  });

  test('a question the help assistant cannot answer waits in the inbox', { tag: '@both' }, async ({ page, request }) => {
    const tag = uniqueTag();
    const question = `Can I park a hot air balloon ${tag}?`;
    const res = await request.post(`${API}/chatboat`, { data: { message: question } });
    expect(((await res.json()) as { data: string }).data).toMatch(/couldn't find an answer/);

    await openAs(page, await loginViaApi(request, ADMIN_EMAIL), '/admin/support?kind=bot');
    await expect(main(page).getByRole('button', { name: 'Unanswered bot questions' })).toHaveAttribute('aria-pressed', 'true');
    await main(page).getByRole('searchbox', { name: 'Search messages' }).fill(tag);
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await main(page).getByRole('link', { name: new RegExp(tag) }).click();
    await expect(main(page).getByRole('heading', { level: 1, name: question })).toBeVisible();
    await expect(main(page)).toContainText('there is no e-mail address to reply to');
    await expect(main(page).getByRole('button', { name: 'Send reply' })).toHaveCount(0);
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Mark answered' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Marked answered.' })).toBeVisible();
    await expect(main(page).getByRole('region', { name: 'Answer' })).toContainText('Marked answered without a reply.');
  });
});
