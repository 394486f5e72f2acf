import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { API, becomeHostViaApi, DEMO_PASSWORD, expectAccessible, HOST_EMAIL, loginViaApi, openAs, signUpViaApi } from './support/fixtures';
import { sentMail } from './support/mail-sink';
import { expectFieldError, main, rupees } from './support/screens';

interface Totals {
  net: number;
  pending: number;
  available: number;
  requested: number;
  paid_out: number;
}


async function totalsOf(request: APIRequestContext, token: string): Promise<Totals> {
  const res = await request.get(`${API}/host/earnings`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { totals: Totals } }).result.totals;
}

const tile = (page: Page, key: keyof Totals) => main(page).getByTestId(`total-${key}`);

test.describe('earnings', () => {
  test('the demo host sees totals, the 12-month chart, each space and the payouts', { tag: '@both' }, async ({ page, request }) => {
    const token = await loginViaApi(request, HOST_EMAIL);
    await openAs(page, token, '/earning', 'host');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Earnings' })).toBeVisible();
    for (const name of ['Net earnings', 'Pending', 'Available', 'Requested', 'Paid out']) await expect(main(page).getByText(name, { exact: true }).first()).toBeVisible();
    // the totals add up, on screen as in the ledger
    const t = await totalsOf(request, token);
    expect(t.pending + t.available + t.requested + t.paid_out).toBe(t.net);
    await expect(tile(page, 'net')).toHaveText(rupees(t.net));

    // the chart, drawn by the lazily loaded chart.js, and its numbers as a table for screen readers
    const chart = main(page).getByRole('img', { name: /Bar chart of net earnings by month/ });
    await expect(chart).toBeVisible();
    await expect.poll(() => chart.evaluate((c: HTMLCanvasElement) => c.width > 0 && !!c.getContext('2d') && c.toDataURL().length > 2000)).toBe(true);
    const months = main(page).getByRole('table', { name: /Earnings by month/ });
    await expect(months.getByRole('row')).toHaveCount(13);

    const spaces = main(page).getByRole('region', { name: 'By space' });
    await expect(spaces.getByRole('link').first()).toBeVisible();
    const history = main(page).getByRole('region', { name: 'Payout history' });
    await expect(history.getByText('Paid', { exact: true })).toBeVisible();
    await expect(history.getByText(/HDFC0000240/).first()).toBeVisible();
    // the demo runs the simulated payment provider: its payouts say they are no real money
    await expect(history.getByText('Simulated: no real money').first()).toBeVisible();
    // the account is masked (the payout test may change it to a UPI ID meanwhile: both are masked)
    await expect(main(page).getByRole('region', { name: 'Payouts' }).getByTestId('payout-account')).toHaveText(/^(Bank account ••••7812 \(HDFC0000240\)|UPI \w\w•••@\w+)/);
    await expectAccessible(page);
  });

  test('the host adds a UPI ID and requests a payout: available moves to requested', async ({ page, request }) => {
    const token = await loginViaApi(request, HOST_EMAIL);
    const before = await totalsOf(request, token);
    expect(before.available).toBeGreaterThan(0);
    await openAs(page, token, '/earning', 'host');
    const payouts = main(page).getByRole('region', { name: 'Payouts' });
    await expect(payouts.getByText(rupees(before.available))).toBeVisible();

    // a new payout account: a UPI ID, checked before it is sent
    await payouts.getByRole('button', { name: 'Change' }).click();
    await payouts.getByRole('radio', { name: 'UPI' }).check();
    const upi = payouts.getByRole('textbox', { name: 'UPI ID' });
    const password = payouts.getByLabel('Current password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'current-password');
    await upi.fill('priya nair');
    await payouts.getByRole('button', { name: 'Save payout account' }).click();
    await expectFieldError(upi, 'Enter a UPI ID such as name@bank');
    await expectFieldError(password, 'Enter your current password');
    await upi.fill('Priya.Nair@okhdfcbank');
    await password.fill(DEMO_PASSWORD);
    await payouts.getByRole('button', { name: 'Save payout account' }).click();
    await expect(payouts.getByRole('status')).toContainText('Payouts will go to UPI pr•••@okhdfcbank.');
    await expect(payouts.getByText('UPI pr•••@okhdfcbank', { exact: true })).toBeVisible();
    // the host is told by e-mail, masked
    await expect
      .poll(() => sentMail().some((m) => m.to.includes(HOST_EMAIL) && m.subject === 'Your payout account was changed' && m.text.includes('Payouts now go to: UPI pr•••@okhdfcbank')), {
        timeout: 30_000,
        intervals: [500, 1000, 2000],
      })
      .toBe(true);

    // request it all, confirmed in a dialog
    await payouts.getByRole('button', { name: 'Request payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request payout' });
    await expect(dialog).toContainText(`${rupees(before.available)} will be sent to UPI pr•••@okhdfcbank`);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: `Request ${rupees(before.available)}` }).click();
    await expect(dialog).toBeHidden();
    await expect(payouts.getByRole('status')).toContainText(`Payout of ${rupees(before.available)} requested`);

    await expect(tile(page, 'available')).toHaveText(rupees(0));
    await expect(tile(page, 'requested')).toHaveText(rupees(before.requested + before.available));
    await expect(tile(page, 'net')).toHaveText(rupees(before.net));
    await expect(payouts.getByRole('button', { name: 'Request payout' })).toBeDisabled();
    const history = main(page).getByRole('region', { name: 'Payout history' });
    await expect(history.getByRole('listitem').first()).toContainText(rupees(before.available));
    await expect(history.getByRole('listitem').first()).toContainText('Requested');
    const after = await totalsOf(request, token);
    expect(after).toMatchObject({ available: 0, requested: before.requested + before.available, net: before.net });
  });

  test('a wrong current password is shown next to its field and saves nothing; the right one saves and is cleared', { tag: '@phone' }, async ({ page, request }) => {
    const host = await signUpViaApi(request);
    await becomeHostViaApi(request, host.token);
    await openAs(page, host.token, '/earning', 'host');
    const payouts = main(page).getByRole('region', { name: 'Payouts' });
    await payouts.getByRole('radio', { name: 'Bank account' }).check();
    await payouts.getByRole('textbox', { name: 'Name on the account' }).fill('Riya Test');
    await payouts.getByRole('textbox', { name: 'Account number' }).fill('5010 0123 4567 89');
    await payouts.getByRole('textbox', { name: 'IFSC' }).fill('hdfc0001234');
    const password = payouts.getByLabel('Current password');
    await password.fill('not my password');
    await payouts.getByRole('button', { name: 'Save payout account' }).click();
    await expectFieldError(password, 'Your current password is not correct.');
    await expectAccessible(page);
    const earnings = await request.get(`${API}/host/earnings`, { headers: { authorization: `Bearer ${host.token}` } });
    expect(((await earnings.json()) as { result: { payout_account: unknown } }).result.payout_account).toBeNull();

    await password.fill(host.password);
    await payouts.getByRole('button', { name: 'Save payout account' }).click();
    await expect(payouts.getByRole('status')).toContainText('Payouts will go to Bank account ••••6789 (HDFC0001234).');
    await payouts.getByRole('button', { name: 'Change' }).click();
    await expect(payouts.getByLabel('Current password')).toHaveValue('');
    await expect
      .poll(() => sentMail().find((m) => m.to.includes(host.email) && m.subject === 'A payout account was added')?.text ?? '', { timeout: 30_000, intervals: [500, 1000, 2000] })
      .toContain('Payouts now go to: Bank account ••••6789 (HDFC0001234), in the name of Riya Test');
  });
});
