import { expect, test } from './support/test';
import { expectAccessible } from './support/fixtures';

const PROTECTED = [
  'profile', 'update_location', 'change_password', 'saved_vehicle', 'parking/booking', 'parking/booking-details/1', 'chatroom',
  'chatroom/message', 'welcomehost', 'hosthomes', 'my-listing', 'earning', 'chats', 'booking_details', 'add_parking',
  'Manage_parking', 'parking_Complete', 'payment_card', 'Paymentstripe', 'Sucesspopup', 'booking_cancel', 'HostBoking_history', 'ownerbooking',
];

test.describe('routes', () => {
  test('an unknown path shows Page Not Found', async ({ page }) => {
    await page.goto('/no/such/screen');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expectAccessible(page);
  });

  for (const path of PROTECTED) {
    test(`/${path} redirects to /login without a token`, async ({ page }) => {
      await page.goto(`/${path}`);
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});
