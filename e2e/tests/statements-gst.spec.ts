import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, becomeHostViaApi, expectAccessible, HOST_EMAIL, loginViaApi, openAs, signUpViaApi } from './support/fixtures';
import { auth, dayAhead, publishedListingViaApi, uniqueTag } from './support/listings';
import { expectFieldError, main, rupees } from './support/screens';

interface StatementMonth {
  month: string;
  net: number;
  paid_out: number;
  bookings: number;
}

const monthName = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${new Date(Date.UTC(y, m - 1, 15)).toLocaleString('en-IN', { month: 'short', timeZone: 'UTC' })} ${y}`;
};

/** Clicks a download link and answers the file's name and bytes. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

test.describe('monthly statements and GST details', () => {
  test('the demo host lists the months with their figures and downloads a PDF and a CSV', { tag: '@both' }, async ({ page, request }) => {
    const token = await loginViaApi(request, HOST_EMAIL);
    const res = await request.get(`${API}/host/statements`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    const months = ((await res.json()) as { result: StatementMonth[] }).result;
    expect(months.length).toBeGreaterThan(0);
    // the oldest month: nothing another test does today changes it
    const oldest = months[months.length - 1]!;
    const label = monthName(oldest.month);

    await openAs(page, token, '/earning', 'host');
    const statements = main(page).getByRole('region', { name: 'Monthly statements' });
    await expect(statements.getByRole('link', { name: /statement \(PDF\)$/ })).toHaveCount(months.length);
    const row = statements.getByRole('listitem').filter({ hasText: label });
    await expect(row).toContainText(`Net ${rupees(oldest.net)}`);
    await expect(row).toContainText(`paid out ${rupees(oldest.paid_out)}`);

    const pdf = await download(page, statements.getByRole('link', { name: `${label} statement (PDF)` }));
    expect(pdf.name).toBe(`parkly-statement-${oldest.month}.pdf`);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const csv = await download(page, statements.getByRole('link', { name: `${label} statement (CSV)` }));
    expect(csv.name).toBe(`parkly-statement-${oldest.month}.csv`);
    // the same net as the list, in the CSV's rupees
    expect(csv.bytes.toString()).toContain(`\r\nNet earnings,${(oldest.net / 100).toFixed(2)}\r\n`);
    await expectAccessible(page);
  });

  test('a host enters a GSTIN: a bad one is refused under the field, a good one is shown back with its state, then removed', { tag: '@both' }, async ({ page, request }) => {
    const host = await signUpViaApi(request);
    await becomeHostViaApi(request, host.token);
    await openAs(page, host.token, '/earning', 'host');
    const gst = main(page).getByRole('region', { name: 'GST details' });
    await expect(main(page).getByRole('region', { name: 'Monthly statements' })).toContainText('A statement shows here for each month');
    const gstin = gst.getByRole('textbox', { name: 'GSTIN' });
    const name = gst.getByRole('textbox', { name: 'Legal or business name' });
    // the check character is wrong (…1ZN instead of …1ZM)
    await gstin.fill('33GSPTN0231G1ZN');
    await name.fill('Goods and Services Tax Network');
    await gst.getByRole('button', { name: 'Save GSTIN' }).click();
    await expectFieldError(gstin, 'This GSTIN is not valid: check each character (the last one is a check on the others)');
    await expectAccessible(page);
    await gstin.fill('33gsptn0231g1zm');
    await expect(gstin).toHaveAccessibleDescription('Registered in Tamil Nadu (33)');
    await gst.getByRole('button', { name: 'Save GSTIN' }).click();
    await expect(gst.getByRole('status')).toContainText('GSTIN 33GSPTN0231G1ZM saved (Tamil Nadu).');
    await expect(gst.getByText('Tamil Nadu (33)')).toBeVisible();
    await page.reload();
    await expect(gst.getByText('33GSPTN0231G1ZM')).toBeVisible();
    await expectAccessible(page);

    await gst.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove GSTIN' }).getByRole('button', { name: 'Remove' }).click();
    await expect(gst.getByRole('status')).toContainText('GSTIN removed.');
    await expect(gst.getByRole('textbox', { name: 'GSTIN' })).toHaveValue('');
  });

  test('a driver adds the GSTIN of their business on the profile', { tag: '@both' }, async ({ page, request }) => {
    const driver = await signUpViaApi(request);
    await openAs(page, driver.token, '/profile');
    const gst = main(page).getByRole('region', { name: 'Business invoices (GST)' });
    const gstin = gst.getByRole('textbox', { name: 'GSTIN' });
    await gstin.fill('27AAPFU0939');
    await gst.getByRole('button', { name: 'Save GSTIN' }).click();
    await expectFieldError(gstin, 'A GSTIN is 15 characters, such as 29AAGCP4242M1Z0');
    await expectFieldError(gst.getByRole('textbox', { name: 'Legal or business name' }), 'Enter the name the GSTIN is registered to');
    await gstin.fill('27AAPFU0939F1ZV');
    await gst.getByRole('textbox', { name: 'Legal or business name' }).fill('Rao Logistics LLP');
    await gst.getByRole('button', { name: 'Save GSTIN' }).click();
    await expect(gst.getByRole('status')).toContainText('GSTIN 27AAPFU0939F1ZV saved (Maharashtra).');
    await expect(gst.getByText('Rao Logistics LLP')).toBeVisible();
    await expectAccessible(page);
    const res = await request.get(`${API}/profile/tax-identity`, { headers: { authorization: `Bearer ${driver.token}` } });
    expect(((await res.json()) as { result: { gstin: string } }).result.gstin).toBe('27AAPFU0939F1ZV');
  });

  test('on the payment page a driver opens "Add GSTIN for a business invoice" and saves it to the profile', { tag: '@both' }, async ({ page, request }) => {
    const { listing } = await publishedListingViaApi(request, { title: `Gated bay ${uniqueTag()}`, body: { instant_book: true } });
    const driver = await signUpViaApi(request);
    const day = dayAhead(9);
    const res = await request.post(`${API}/bookings`, { headers: auth(driver.token), data: { parking_id: listing.id, start: `${day}T09:00:00+05:30`, end: `${day}T11:00:00+05:30` } });
    expect(res.status(), await res.text()).toBe(201);
    const id = ((await res.json()) as { result: { id: string } }).result.id;

    await openAs(page, driver.token, `/Paymentstripe?booking=${id}`);
    const disclosure = main(page).getByText('Add GSTIN for a business invoice');
    await expect(disclosure).toBeVisible();
    // closed: nothing of the form yet
    await expect(main(page).getByRole('textbox', { name: 'GSTIN' })).toHaveCount(0);
    await disclosure.click();
    const gstin = main(page).getByRole('textbox', { name: 'GSTIN' });
    await gstin.fill('29AAGCP4242M1Z1');
    await main(page).getByRole('textbox', { name: 'Legal or business name' }).fill('Rao Logistics LLP');
    await main(page).getByRole('button', { name: 'Save GSTIN' }).click();
    await expectFieldError(gstin, 'This GSTIN is not valid: check each character (the last one is a check on the others)');
    await gstin.fill('29AAGCP4242M1Z0');
    await main(page).getByRole('button', { name: 'Save GSTIN' }).click();
    await expect(main(page).getByText('GSTIN 29AAGCP4242M1Z0 saved (Karnataka).')).toBeVisible();
    await expectAccessible(page);
    const saved = await request.get(`${API}/profile/tax-identity`, { headers: auth(driver.token) });
    expect(((await saved.json()) as { result: { legal_name: string } }).result.legal_name).toBe('Rao Logistics LLP');
    // the payment form is still there to pay with
    await expect(main(page).getByRole('heading', { name: /Card details|Pay with/ })).toBeVisible();
  });
});
