import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Makes `page` wait, after each load, until the app has taken over the page (main.tsx marks <html
 * data-app="started">). The server draws some screens before any script runs; a tap or a file chosen
 * on that drawing before the app runs would be lost, so a test, like a person with a fast thumb on a
 * slow phone, acts once the app is there. The browser-drawn screens get the mark as well.
 */
export function waitForAppOnLoad(page: Page) {
  const started = () => page.waitForFunction(() => document.documentElement.dataset.app === 'started');
  const thenStarted =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      const res = await load(...args);
      await started();
      return res;
    };
  page.goto = thenStarted(page.goto.bind(page));
  page.reload = thenStarted(page.reload.bind(page));
  page.goBack = thenStarted(page.goBack.bind(page));
  page.goForward = thenStarted(page.goForward.bind(page));
  return page;
}

/** Playwright's test, with a page that waits for the app after each load (waitForAppOnLoad). */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForAppOnLoad(page));
  },
});
