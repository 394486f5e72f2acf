import { deflateSync } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';

// Helpers for the account, hosting and content screens, as a person meets them: by role and label.

/** A unique address per call, so tests that change an account never share one. */
export function uniqueEmail(tag: string) {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const STRONG_PASSWORD = 'teal kettle monsoon 17';

/** The page's own content, never the top bar, footer or chat widget (they repeat link names). */
export const main = (page: Page) => page.getByRole('main');

/** Paise as the app shows them (packages/shared/src/money.ts formatMoney). */
export const rupees = (minor: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: minor % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 }).format(minor / 100);


// ---------------------------------------------------------------------------------------------
// A real PNG, built byte by byte: signature, IHDR, one IDAT of filtered RGB rows, IEND.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of `size` x `size` pixels. */
export function pngBytes(size = 8, rgb: [number, number, number] = [15, 118, 110]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, deflate, no filter method, no interlace
  const row = Buffer.from([0, ...Array.from({ length: size }, () => rgb).flat()]); // filter type 0, then the pixels
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const pngFile = (name: string) => ({ name, mimeType: 'image/png', buffer: pngBytes() });

// ---------------------------------------------------------------------------------------------
// Forms

/** The field shows `message` next to it: the text is on screen and read with the field. */
export async function expectFieldError(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

export async function fillSignUp(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
}

/** Opens /login and logs in through the form. */
export async function logInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

// ---------------------------------------------------------------------------------------------
// The account menu in the top bar

/** The user menu's trigger: a button in the top bar named after the user. */
export const userMenuButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });

/** Opens the user menu and picks one of its entries. */
export async function chooseInUserMenu(page: Page, name: string, entry: string) {
  await userMenuButton(page, name).click();
  const menu = page.getByRole('dialog', { name, exact: true });
  await menu.getByRole('menuitem', { name: entry, exact: true }).click();
}

/** Log Out from the user menu, confirmed in its dialog; ends logged out on /. */
export async function logOutThroughMenu(page: Page, name: string) {
  await chooseInUserMenu(page, name, 'Log Out');
  const dialog = page.getByRole('dialog', { name: 'Log Out' });
  await expect(dialog).toContainText('Are you sure you want to log out?');
  await dialog.getByRole('button', { name: 'Log Out' }).click();
  await expect(userMenuButton(page, name)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('parkly_token'))).toBeNull();
  // checked once the session is gone: a protected page must not bounce the visitor on to /login
  await expect(page).toHaveURL('/');
}

/** Opens the phone menu when the top bar's links are folded away behind it. */
export async function showTopLinks(page: Page) {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  return page.getByRole('banner');
}
