import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import { publishedListingViaApi, uniqueTag } from './support/listings';
import { expect as baseExpect, test, waitForAppOnLoad } from './support/test';

// Guest-host chat in two browsers: a driver opens a space and chooses "Message host"; the host sees the
// conversation arrive in the host inbox (/chats) and in the conversation (live over the socket, or by
// polling), replies, and the driver sees the reply and that their message was seen.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 120_000 });
// polling is the fallback: a message may take up to one 5 s round to show
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/chat-${name}-${test.info().project.name}.png`, fullPage: false });

/** A new host with a published space. */
const listingViaApi = (request: APIRequestContext) =>
  publishedListingViaApi(request, { hostName: `Meera Host${uniqueTag()}`, title: `Shaded driveway ${uniqueTag()}`, photoRgb: [60, 120, 80] });

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });
const history = (page: Page) => page.getByRole('list', { name: /^Messages with / });

test('a driver messages a host from the space page, the host answers from the inbox', { tag: '@both' }, async ({ browser, request }) => {
  const { host, listing } = await listingViaApi(request);
  const guest = await signUpViaApi(request, { name: `Rohan Guest${uniqueTag()}` });
  const hostFirst = host.name.split(' ')[0]!;
  const guestFirst = guest.name.split(' ')[0]!;
  // two people, two browsers, each like the project's (phone or desktop)
  const { viewport, isMobile, hasTouch, locale, timezoneId, baseURL } = test.info().project.use;
  const options = { viewport, isMobile, hasTouch, locale, timezoneId, baseURL };
  const guestContext = await browser.newContext(options);
  const hostContext = await browser.newContext(options);
  const g = waitForAppOnLoad(await guestContext.newPage());
  const h = waitForAppOnLoad(await hostContext.newPage());

  // the driver starts from the space's page
  await openAs(g, guest.token, `/parking/${listing.id}`);
  await g.getByRole('button', { name: 'Message host' }).scrollIntoViewIfNeeded();
  await shot(g, 'listing');
  await g.getByRole('button', { name: 'Message host' }).click();
  await expect(g).toHaveURL(/\/chatroom\/message\?room=/);
  await expect(g.getByRole('heading', { level: 1, name: hostFirst })).toBeVisible();
  await expect(g.getByRole('link', { name: listing.title })).toBeVisible();
  await composer(g).fill('Hello! Is the driveway free on Saturday morning? See https://example.com/map');
  await composer(g).press('Enter');
  await expect(history(g).getByText('Hello! Is the driveway free on Saturday morning?', { exact: false })).toBeVisible();
  await expect(composer(g)).toHaveValue('');
  // links stay text
  await expect(history(g).getByRole('link')).toHaveCount(0);
  await expect(history(g).getByText('Today')).toBeVisible();

  // the host finds it in the inbox, unread
  await openAs(h, host.token, '/chats', 'host');
  const inbox = h.getByRole('list', { name: 'Guest conversations' });
  await expect(inbox.getByRole('link', { name: new RegExp(guestFirst) })).toBeVisible();
  await expect(inbox.getByText(/1\s*unread/)).toBeVisible();
  await shot(h, 'inbox');
  await expectAccessible(h);
  await inbox.getByRole('link', { name: new RegExp(guestFirst) }).click();
  await expect(h.getByRole('heading', { level: 1, name: guestFirst })).toBeVisible();
  await expect(history(h).getByText('Is the driveway free on Saturday morning?', { exact: false })).toBeVisible();

  // the driver sees the host read it
  await expect(history(g).getByText('Seen')).toBeVisible();

  // the host replies with two lines (Shift+Enter), the driver sees it arrive
  await composer(h).fill('Yes, it is free.');
  await composer(h).press('Shift+Enter');
  await composer(h).pressSequentially('Park on the left side.');
  await composer(h).press('Enter');
  await expect(history(h).getByText(/Yes, it is free\.\s+Park on the left side\./)).toBeVisible();
  await expect(history(g).getByText(/Yes, it is free\.\s+Park on the left side\./)).toBeVisible();
  await shot(h, 'conversation-host');
  await shot(g, 'conversation-guest');
  await expectAccessible(g);

  // a message that arrives while the host is in the room shows at once too
  await composer(g).fill('Great, thank you!');
  await g.getByRole('button', { name: 'Send message' }).click();
  await expect(history(h).getByText('Great, thank you!')).toBeVisible();

  // the driver's list of conversations
  await g.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(g).toHaveURL(/\/chatroom$/);
  const rooms = g.getByRole('list', { name: 'Conversations' });
  await expect(rooms.getByRole('link', { name: new RegExp(hostFirst) })).toContainText('You: Great, thank you!');
  await shot(g, 'rooms');
  await expectAccessible(g);

  await guestContext.close();
  await hostContext.close();
});

test('the conversation list is empty at first, and the 2,000-character limit shows', async ({ page, request }) => {
  const { listing } = await listingViaApi(request);
  const guest = await signUpViaApi(request, { name: `Anita Guest${uniqueTag()}` });
  await openAs(page, guest.token, '/chatroom');
  await expect(page.getByRole('heading', { name: 'No conversations yet' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/parking/${listing.id}`);
  await page.getByRole('button', { name: 'Message host' }).click();
  await expect(composer(page)).toBeVisible();
  await expect(page.getByText('0 / 2,000')).toBeVisible();
  await composer(page).fill('x'.repeat(2001));
  await expect(page.getByText('2,001 / 2,000 · too long')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled();
  await shot(page, 'empty-room');
  await expectAccessible(page);
});

test('a visitor is asked to log in before messaging a host', async ({ page, request }) => {
  const { listing } = await listingViaApi(request);
  await page.goto(`/parking/${listing.id}`);
  await page.getByRole('button', { name: 'Message host' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test("someone else's conversation is not found", async ({ page, request }) => {
  const stranger = await signUpViaApi(request, { name: `Sam Stranger${uniqueTag()}` });
  await openAs(page, stranger.token, '/chatroom/message?room=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Conversation not found' })).toBeVisible();
});
