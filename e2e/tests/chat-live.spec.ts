import type { APIRequestContext, Page } from '@playwright/test';
import { bell, expectAccessible, openAs, openNotifications, openUserMenu, signUpViaApi } from './support/fixtures';
import { publishedListingViaApi, uniqueTag } from './support/listings';
import { userMenuButton } from './support/screens';
import { expect as baseExpect, test, waitForAppOnLoad } from './support/test';

// Live messaging: a host waits on the inbox (/chats) in one browser while a driver writes from the
// space's page in another. The conversation, the bell's dot and the unread count on the Chat entry of
// the account menu arrive over the socket, without a reload; once the host reads it the count goes.

const SHOTS = '/tmp/shots';
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/chat-live-${name}-${test.info().project.name}.png`, fullPage: false });

const listingViaApi = (request: APIRequestContext) =>
  publishedListingViaApi(request, { hostName: `Kiran Host${uniqueTag()}`, title: `Quiet garage ${uniqueTag()}`, photoRgb: [70, 90, 130] });

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message to / });
const history = (page: Page) => page.getByRole('list', { name: /^Messages with / });
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere === true);

test("a host on the inbox sees a driver's message arrive live, with the bell's dot and the Chat count, until they read it", { tag: '@both' }, async ({ browser, request }) => {
  const { host, listing } = await listingViaApi(request);
  const guest = await signUpViaApi(request, { name: `Nisha Guest${uniqueTag()}` });
  const guestFirst = guest.name.split(' ')[0]!;
  const { viewport, isMobile, hasTouch, locale, timezoneId, baseURL } = test.info().project.use;
  const options = { viewport, isMobile, hasTouch, locale, timezoneId, baseURL };
  const hostContext = await browser.newContext(options);
  const guestContext = await browser.newContext(options);
  try {
    const h = waitForAppOnLoad(await hostContext.newPage());
    const g = waitForAppOnLoad(await guestContext.newPage());

    // the host waits on the inbox, socket open, nothing unread
    const socketOpen = h.waitForEvent('websocket', (ws) => ws.url().includes('/backend/api/v1/realtime'));
    await openAs(h, host.token, '/chats', 'host');
    await expect(h.getByRole('heading', { name: 'No messages from guests yet' })).toBeVisible();
    await socketOpen;
    // reading the welcome notification takes the dot away
    await openNotifications(h);
    await h.keyboard.press('Escape');
    await expect(h.getByTestId('notification-dot')).toHaveCount(0);
    const before = await openUserMenu(h, host.name);
    await expect(before.getByRole('menuitem', { name: 'Chat', exact: true })).toBeVisible();
    await h.keyboard.press('Escape');
    await expect(userMenuButton(h, host.name)).not.toHaveAttribute('aria-describedby');
    await markDocument(h);

    // the driver writes from the space's page
    await openAs(g, guest.token, `/parking/${listing.id}`);
    await g.getByRole('button', { name: 'Message host' }).click();
    await expect(g).toHaveURL(/\/chatroom\/message\?room=/);
    await composer(g).fill('Hi! Can I park an SUV in the garage tonight?');
    await composer(g).press('Enter');
    // the bubble shows "Sending…" until the answer, then stands alone
    await expect(history(g).getByText('Sending…')).toHaveCount(0);
    await expect(history(g).getByText('Can I park an SUV in the garage tonight?', { exact: false })).toBeVisible();

    // the inbox polls every 2 minutes and the bell every minute while the socket is up: within 10 s it is the socket
    const inbox = h.getByRole('list', { name: 'Guest conversations' });
    const room = inbox.getByRole('link', { name: new RegExp(guestFirst) });
    await expect(room).toBeVisible({ timeout: 10_000 });
    await expect(inbox.getByText(/1\s*unread/)).toBeVisible();
    await expect(h.getByTestId('notification-dot')).toBeVisible({ timeout: 10_000 });
    await expect(bell(h)).toHaveAccessibleDescription('You have unread notifications');
    await expect(userMenuButton(h, host.name)).toHaveAccessibleDescription('1 unread message', { timeout: 10_000 });
    const menu = await openUserMenu(h, host.name);
    const chat = menu.getByRole('menuitem', { name: 'Chat, 1 unread', exact: true });
    await expect(chat).toBeVisible();
    await expect(chat).toHaveAttribute('href', '/chatroom');
    await shot(h, 'menu-unread');
    await expectAccessible(h);
    await h.keyboard.press('Escape');
    await shot(h, 'inbox-unread');
    expect(await sameDocument(h)).toBe(true);

    // the host reads it: the count goes, from the button and the menu
    await room.click();
    await expect(h.getByRole('heading', { level: 1, name: guestFirst })).toBeVisible();
    await expect(history(h).getByText('Can I park an SUV in the garage tonight?', { exact: false })).toBeVisible();
    await expect(userMenuButton(h, host.name)).not.toHaveAttribute('aria-describedby');
    const after = await openUserMenu(h, host.name);
    await expect(after.getByRole('menuitem', { name: 'Chat', exact: true })).toBeVisible();
    await shot(h, 'menu-read');
    await h.keyboard.press('Escape');
  } finally {
    await hostContext.close();
    await guestContext.close();
  }
});
