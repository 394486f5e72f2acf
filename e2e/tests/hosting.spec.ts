import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, becomeHostViaApi, expectAccessible, openAs, signUpViaApi } from './support/fixtures';
import {
  chooseInUserMenu,
  fillSignUp,
  logOutThroughMenu,
  main,
  pngFile,
  showTopLinks,
  STRONG_PASSWORD,
  uniqueEmail,
  userMenuButton,
} from './support/screens';

/** Every request the page sends to upload_govt_id from now on. */
function watchUploads(page: Page) {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === `${API}/upload_govt_id`) calls.push(req.method());
  });
  return calls;
}

const fileInput = (page: Page) => main(page).getByLabel('Choose file');
const uploadButton = (page: Page) => main(page).getByRole('button', { name: 'Upload', exact: true });

test.describe('the first journey', () => {
  test('sign up, upload an ID, become a host, read the FAQ, log out and log back in', async ({ page }) => {
    const account = { name: 'Ananya Rao', email: uniqueEmail('journey'), password: STRONG_PASSWORD };

    // sign up through the form
    await page.goto('/sign_up');
    await fillSignUp(page, account);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/upload_govt_id');
    await expect(userMenuButton(page, account.name)).toBeVisible();

    // the government-ID upload (SPEC 2.4)
    await expect(main(page).getByText('No file chosen', { exact: true })).toBeVisible();
    await uploadButton(page).click();
    await expect(main(page).getByRole('alert')).toHaveText('No file selected.');
    await fileInput(page).setInputFiles(pngFile('aadhar-front.png'));
    await expect(main(page).getByText('aadhar-front.png', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Successfully', { exact: true })).toBeVisible();
    await expect(main(page).getByText('No file chosen', { exact: true })).toHaveCount(0);
    await expect(main(page).getByText('No file selected.')).toHaveCount(0);
    await uploadButton(page).click();
    await expect(main(page).getByText('Upload successful!', { exact: true })).toBeVisible();

    // become a host from the user menu
    await chooseInUserMenu(page, account.name, 'Become a Host');
    await expect(page).toHaveURL('/welcomehost');
    await main(page).getByRole('button', { name: 'Become a Host' }).click();
    await expect(page).toHaveURL('/hosthomes');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Ananya$/);
    const verification = main(page).getByRole('region', { name: 'ID verification' });
    await expect(verification.getByText('Pending review')).toBeVisible();
    await expect(verification).toContainText('We have your ID and are reviewing it.');

    // read the FAQ, reached from the footer
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL('/faq');
    await main(page).getByRole('searchbox', { name: 'Search the FAQ' }).fill('cancel');
    await expect(page).toHaveURL('/faq?q=cancel');
    const question = main(page).getByText('How do I cancel my booking?', { exact: true });
    await expect(question).toBeVisible();
    await expect(main(page).getByText('Which cities is Parkly available in?', { exact: true })).toHaveCount(0);
    const answer = main(page).getByText(/Parkly shows exactly how much you will get back/);
    await expect(answer).toBeHidden();
    await question.click();
    await expect(answer).toBeVisible();

    // log out through the user menu, then back in through the login screen
    await logOutThroughMenu(page, account.name);
    const banner = await showTopLinks(page);
    await banner.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(userMenuButton(page, account.name)).toBeVisible();
  });
});

test.describe('government-ID upload (SPEC 2.4)', { tag: '@phone' }, () => {
  test('explains why an ID is needed, with Upload and Skip; Skip goes home', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/upload_govt_id');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Upload your government ID' })).toBeVisible();
    await expect(main(page)).toContainText('government ID proof');
    await expect(main(page)).toContainText('Aadhar card');
    await expect(main(page)).toContainText('voter ID card');
    await expect(main(page).getByText('No file chosen', { exact: true })).toBeVisible();
    await expect(uploadButton(page)).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('button', { name: 'Skip', exact: true }).click();
    await expect(page).toHaveURL('/');
  });

  test("Upload without a file says 'No file selected.' and sends nothing", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const calls = watchUploads(page);
    await openAs(page, account.token, '/upload_govt_id');
    await uploadButton(page).click();
    await expect(main(page).getByRole('alert')).toHaveText('No file selected.');
    await expectAccessible(page);
    expect(calls).toEqual([]);
  });

  test("a text file named .jpg is refused by its content: 'Upload failed.'", async ({ page, request }) => {
    const account = await signUpViaApi(request);
    const calls = watchUploads(page);
    await openAs(page, account.token, '/upload_govt_id');
    await fileInput(page).setInputFiles({ name: 'voter-id.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is plain text pretending to be a photo.\n') });
    await expect(main(page).getByText('voter-id.jpg', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Successfully', { exact: true })).toBeVisible();
    await uploadButton(page).click();
    const failure = main(page).getByRole('alert');
    await expect(failure).toContainText('Upload failed.');
    await expect(failure).toContainText('Upload your ID as a JPEG, PNG or WebP image, or a PDF.');
    await expect(main(page).getByText('Upload successful!')).toHaveCount(0);
    expect(calls).toEqual(['POST']);
    await expectAccessible(page);

    // the profile's verification status is unchanged
    await page.goto('/profile');
    await expect(main(page).getByRole('region', { name: 'ID verification' }).getByText('Not verified')).toBeVisible();
  });

  test('a new choice replaces the old one and clears the last result', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/upload_govt_id');
    await fileInput(page).setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image') });
    await uploadButton(page).click();
    await expect(main(page).getByRole('alert')).toContainText('Upload failed.');
    await fileInput(page).setInputFiles(pngFile('voter-id.png'));
    await expect(main(page).getByText('voter-id.png', { exact: true })).toBeVisible();
    await expect(main(page).getByText('notes.jpg', { exact: true })).toHaveCount(0);
    await expect(main(page).getByText('Upload failed.')).toHaveCount(0);
    await uploadButton(page).click();
    await expect(main(page).getByText('Upload successful!', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('after an upload, the screen and the profile say it is pending review', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/upload_govt_id');
    await fileInput(page).setInputFiles(pngFile('aadhar.png'));
    await uploadButton(page).click();
    await expect(main(page).getByText('Upload successful!', { exact: true })).toBeVisible();

    await page.reload();
    await expect(main(page)).toContainText(/You sent aadhar\.png on .+: pending review\./);
    await page.goto('/profile');
    await expect(main(page).getByRole('region', { name: 'ID verification' }).getByText('Pending review')).toBeVisible();
  });

  test('logged out: a login prompt, and Upload sends nothing', async ({ page }) => {
    const calls = watchUploads(page);
    await page.goto('/upload_govt_id');
    await expect(main(page)).toContainText('You need to be logged in to upload your ID.');
    await expect(main(page).getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login');
    await expect(main(page).getByRole('link', { name: 'create an account' })).toHaveAttribute('href', '/sign_up');
    await expectAccessible(page);

    await fileInput(page).setInputFiles(pngFile('aadhar.png'));
    await expect(main(page).getByText('Successfully', { exact: true })).toBeVisible();
    await uploadButton(page).click();
    await expect(main(page).getByRole('alert')).toHaveText('Log in first to upload your ID.');
    expect(calls).toEqual([]);
  });

  test('logged out: logging in from the prompt comes back to the upload screen', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await page.goto('/upload_govt_id');
    await main(page).getByRole('link', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/upload_govt_id');
    await expect(main(page)).not.toContainText('You need to be logged in');
  });
});

test.describe('becoming a host', () => {
  test('/welcomehost explains hosting and Become a Host opens the host home in host mode', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/welcomehost');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Turn your empty space into monthly income' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Why host with Parkly' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Ready to start?' })).toBeVisible();
    await expect(main(page).getByText('Not verified')).toBeVisible();
    await expectAccessible(page);

    await main(page).getByRole('button', { name: 'Become a Host' }).click();
    await expect(page).toHaveURL('/hosthomes');
    expect(await page.evaluate(() => localStorage.getItem('host_user'))).toBe('1');
    const profile = await request.get(`${API}/get_profile`, { headers: { authorization: `Bearer ${account.token}` } });
    expect(((await profile.json()) as { result: { host_user: number } }).result.host_user).toBe(1);
  });

  test('a host on /welcomehost is told so and goes to the dashboard', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await becomeHostViaApi(request, account.token);
    await openAs(page, account.token, '/welcomehost');
    await expect(main(page).getByText('You are already a host.')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Become a Host' })).toHaveCount(0);
    await expectAccessible(page);
    await main(page).getByRole('button', { name: 'Go to the host dashboard' }).click();
    await expect(page).toHaveURL('/hosthomes');
  });

  test('/hosthomes greets the host, shows the ID status and a way to add a first space', async ({ page, request }) => {
    const account = await signUpViaApi(request, { name: 'Vikram Singh Rathore' });
    await becomeHostViaApi(request, account.token);
    await openAs(page, account.token, '/hosthomes', 'host');
    await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Vikram$/);
    const verification = main(page).getByRole('region', { name: 'ID verification' });
    await expect(verification.getByText('Not verified')).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Add your first space' })).toHaveAttribute('href', '/add_parking');
    const quick = main(page).getByRole('navigation', { name: 'Host quick links' });
    await expect(quick.getByRole('link', { name: /^My Listing/ })).toHaveAttribute('href', '/my-listing');
    await expect(quick.getByRole('link', { name: /^Earning/ })).toHaveAttribute('href', '/earning');
    await expect(quick.getByRole('link', { name: /^Help/ })).toHaveAttribute('href', '/helper');
    await expectAccessible(page);

    await verification.getByRole('link', { name: 'Upload your government ID' }).click();
    await expect(page).toHaveURL('/upload_govt_id');
  });

  test('a guest who is not a host is sent from /hosthomes to /welcomehost', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/hosthomes');
    await expect(page).toHaveURL('/welcomehost');
  });

  test('after an upload, Become a host leads on to /welcomehost', async ({ page, request }) => {
    const account = await signUpViaApi(request);
    await openAs(page, account.token, '/upload_govt_id');
    await fileInput(page).setInputFiles(pngFile('id.png'));
    await uploadButton(page).click();
    await main(page).getByRole('link', { name: 'Become a host', exact: true }).click();
    await expect(page).toHaveURL('/welcomehost');
    await expect(main(page).getByText('Pending review')).toBeVisible();
  });
});
