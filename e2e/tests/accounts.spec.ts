import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import {
  expectFieldError,
  fillSignUp,
  logInThroughForm,
  logOutThroughMenu,
  main,
  pngFile,
  STRONG_PASSWORD,
  uniqueEmail,
  userMenuButton,
} from './support/screens';

const INCORRECT = 'Incorrect e-mail or password.';
const RESET_LINK_INVALID = 'This reset link is not valid or has expired.';

/** Every request the page sends to this API path from now on. */
function watchCalls(page: Page, path: string) {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `${API}/${path}`) calls.push(req.method());
  });
  return calls;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('parkly_token'));

test.describe('sign up', { tag: '@phone' }, () => {
  test('an empty form shows the browser-side messages next to the fields and sends nothing', async ({ page }) => {
    const calls = watchCalls(page, 'signup');
    await page.goto('/sign_up');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(page.getByLabel('Full name'), 'Enter your name');
    await expectFieldError(page.getByLabel('E-mail'), 'Enter a valid e-mail address');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Use at least 8 characters');
    await expect(page.getByLabel('Phone (optional)')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL('/sign_up');
    await expectAccessible(page);
    expect(calls).toEqual([]);
  });

  test('a common password is refused next to the password field', async ({ page }) => {
    await page.goto('/sign_up');
    await fillSignUp(page, { name: 'Kabir Das', email: uniqueEmail('common'), password: 'password123' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'This password is too common. Choose one that is harder to guess.');
    await expect(page).toHaveURL('/sign_up');
    expect(await token(page)).toBeNull();
  });

  test('an e-mail that already has an account is refused next to the e-mail field', async ({ page, request }) => {
    const taken = await signUpViaApi(request);
    await page.goto('/sign_up');
    await fillSignUp(page, { name: 'Someone Else', email: taken.email.toUpperCase(), password: STRONG_PASSWORD });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expectFieldError(page.getByLabel('E-mail'), 'An account with this e-mail already exists. Log in instead.');
    await expect(page).toHaveURL('/sign_up');
    expect(await token(page)).toBeNull();
  });

  test('the links lead to login, the terms and the privacy policy', async ({ page }) => {
    await page.goto('/sign_up');
    await expect(main(page).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms_and_condition');
    await expect(main(page).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await main(page).getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });
});

test.describe('login', { tag: '@phone' }, () => {
  test('a wrong password shows the one message for wrong credentials and stores nothing', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await logInThroughForm(page, account.email, 'not the right one 99');
    await expect(main(page).getByRole('alert')).toHaveText(INCORRECT);
    await expect(page).toHaveURL('/login');
    expect(await token(page)).toBeNull();
    await expectAccessible(page);
  });

  test('an unknown e-mail shows the same message as a wrong password', async ({ page }) => {
    await logInThroughForm(page, uniqueEmail('nobody'), STRONG_PASSWORD);
    await expect(main(page).getByRole('alert')).toHaveText(INCORRECT);
  });

  test('an empty form shows the messages next to the fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectFieldError(page.getByLabel('E-mail'), 'Enter a valid e-mail address');
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'Enter your password');
  });

  test('after a refused try, the first wrong field has the focus and a message goes as soon as the field is right', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Password', { exact: true }).fill('some password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const email = page.getByLabel('E-mail');
    await expectFieldError(email, 'Enter a valid e-mail address');
    await expect(email).toBeFocused();
    await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

    await email.pressSequentially('guest@parkly');
    await expectFieldError(email, 'Enter a valid e-mail address');
    await email.pressSequentially('.test');
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a valid e-mail address')).toHaveCount(0);
  });

  test('success stores parkly_token, lands on / and shows the user menu', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await logInThroughForm(page, account.email, account.password);
    await expect(page).toHaveURL('/');
    await expect(userMenuButton(page, account.name)).toBeVisible();
    expect(await token(page)).toMatch(/\S{20,}/);
    expect(await page.evaluate(() => localStorage.getItem('host_user'))).toBe('0');
  });

  test('after a guard sent them to login, they come back to where they were going', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/change_password');
    await expect(page).toHaveURL('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/change_password');
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe('forgotten password', () => {
  /** Sends the form and gives back the confirmation's text. */
  async function askForLink(page: Page, email: string) {
    await page.goto('/forget');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = main(page).getByRole('status').filter({ hasText: 'Check your e-mail' });
    await expect(confirmation).toBeVisible();
    return confirmation.innerText();
  }

  test('a known and an unknown e-mail get the same confirmation', async ({ page, request }) => {
    await page.goto('/forget');
    await expectAccessible(page);
    const known = await signUpViaApi(request);
    const forKnown = await askForLink(page, known.email);
    await expectAccessible(page);
    const forUnknown = await askForLink(page, uniqueEmail('unknown'));
    expect(forUnknown).toBe(forKnown);
    await main(page).getByRole('link', { name: 'Back to login' }).first().click();
    await expect(page).toHaveURL('/login');
  });

  test('login links to the forgotten-password screen', async ({ page }) => {
    await page.goto('/login');
    await main(page).getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forget');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  });

  test('the reset screen without a token says the link is not valid and offers a new one', async ({ page }) => {
    await page.goto('/reset_password');
    await expect(main(page).getByRole('alert')).toContainText(RESET_LINK_INVALID);
    await expectAccessible(page);
    await main(page).getByRole('link', { name: 'Send me a new link' }).click();
    await expect(page).toHaveURL('/forget');
  });

  test("a reset link the server does not know shows the server's 'not valid or has expired'", async ({ page }) => {
    await page.goto(`/reset_password?token=${'f3'.repeat(24)}`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm new password').fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(main(page).getByRole('alert')).toContainText(RESET_LINK_INVALID);
    await expect(main(page).getByRole('link', { name: 'Send me a new link' })).toBeVisible();
  });

  test('the two new passwords must match', async ({ page }) => {
    await page.goto(`/reset_password?token=${'a1'.repeat(24)}`);
    await page.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByLabel('Confirm new password').fill(`${STRONG_PASSWORD}!`);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectFieldError(page.getByLabel('Confirm new password'), 'The passwords do not match');
  });
});

test.describe('profile', () => {
  test('editing the name saves it and the user menu shows the new name', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Meera Iyer' });
    await openAs(page, account.token, '/profile');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    const name = main(page).getByLabel('Full name');
    await expect(name).toHaveValue('Meera Iyer');
    await expect(main(page).getByRole('region', { name: 'Your photo' })).toContainText(account.email);
    await expectAccessible(page);

    await name.fill('Meera Krishnan');
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expect(userMenuButton(page, 'Meera Krishnan')).toBeVisible();
    await page.reload();
    await expect(main(page).getByLabel('Full name')).toHaveValue('Meera Krishnan');
  });

  test('an empty name is refused next to the field', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/profile');
    await main(page).getByLabel('Full name').fill('   ');
    await main(page).getByRole('button', { name: 'Save changes' }).click();
    await expectFieldError(main(page).getByLabel('Full name'), 'Enter your name');
  });

  test('uploading a photo shows it on the profile and in the user menu', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Farhan Ali' });
    await openAs(page, account.token, '/profile');
    await expect(main(page).getByRole('img', { name: 'Default profile picture' })).toBeVisible();
    await main(page).getByLabel('Add photo').setInputFiles(pngFile('me.png'));

    const photo = main(page).getByRole('img', { name: 'Profile photo of Farhan Ali' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(main(page).getByLabel('Change photo')).toBeAttached();
    await expect(main(page).getByRole('button', { name: 'Remove' })).toBeVisible();
    const menuPhoto = userMenuButton(page, 'Farhan Ali').locator('img');
    await expect(menuPhoto).toHaveAttribute('src', (await photo.getAttribute('src')) ?? 'missing');
    await expectAccessible(page);
  });

  test('a file that is not an image is refused with a message', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/profile');
    await main(page).getByLabel('Add photo').setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some words, not pixels') });
    await expect(main(page).getByRole('alert')).toHaveText('Choose a JPEG, PNG or WebP image.');
    await expect(main(page).getByRole('img', { name: 'Default profile picture' })).toBeVisible();
  });

  test('changing the password: the old one stops working and the new one logs in', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const next = 'saffron ladder breeze 63';
    await openAs(page, account.token, '/profile');
    await main(page).getByRole('link', { name: /Change password/ }).click();
    await expect(page).toHaveURL('/change_password');
    await expectAccessible(page);

    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    const changed = main(page).getByRole('status').filter({ hasText: 'Password changed' });
    await expect(changed).toContainText('Other devices have been signed out.');

    await logOutThroughMenu(page, account.name);
    await logInThroughForm(page, account.email, account.password);
    await expect(main(page).getByRole('alert')).toHaveText(INCORRECT);
    await logInThroughForm(page, account.email, next);
    await expect(page).toHaveURL('/');
    await expect(userMenuButton(page, account.name)).toBeVisible();
  });

  test('a wrong current password is refused next to its field', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/change_password');
    await page.getByLabel('Current password').fill('this is not it 12');
    await page.getByLabel('New password', { exact: true }).fill('saffron ladder breeze 63');
    await page.getByLabel('Confirm new password').fill('saffron ladder breeze 63');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectFieldError(page.getByLabel('Current password'), 'Your current password is not correct.');
  });

  test('the location can be set by typing latitude and longitude', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/profile');
    await main(page).getByRole('link', { name: /Your location/ }).click();
    await expect(page).toHaveURL('/update_location');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Your location' })).toBeVisible();
    await expect(page.getByLabel('Latitude')).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Latitude').fill('19.076');
    await page.getByLabel('Longitude').fill('72.8777');
    await page.getByLabel('Label (optional)').fill('Office in Mumbai');
    await page.getByRole('button', { name: 'Save location' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Location saved' })).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('link', { name: 'Back to your profile' }).click();
    await expect(main(page).getByRole('link', { name: /Your location/ })).toContainText('Office in Mumbai');
  });

  test('a latitude out of range is refused next to the field', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/update_location');
    await page.getByLabel('Latitude').fill('123');
    await page.getByRole('button', { name: 'Save location' }).click();
    await expectFieldError(page.getByLabel('Latitude'), 'Latitude must be between -90 and 90');
  });

  test('the location can be chosen by searching for a place', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/update_location');
    await page.getByLabel('Search for a place').fill('Kora');
    await page.getByRole('list', { name: 'Suggested places' }).getByRole('button', { name: 'Koramangala, Bengaluru' }).click();
    await expect(page.getByLabel('Latitude')).toHaveValue('12.9352');
    await expect(page.getByLabel('Longitude')).toHaveValue('77.6245');
    await expect(page.getByLabel('Label (optional)')).toHaveValue('Koramangala, Bengaluru');
    await page.getByRole('button', { name: 'Save location' }).click();
    await expect(main(page).getByRole('status').filter({ hasText: 'Location saved' })).toBeVisible();

    await page.goto('/profile');
    await expect(main(page).getByRole('link', { name: /Your location/ })).toContainText('Koramangala, Bengaluru');
  });
});
