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
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    await started();
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    await started();
    return res;
  };
  page.goBack = async (options) => {
    const res = await goBack(options);
    await started();
    return res;
  };
  page.goForward = async (options) => {
    const res = await goForward(options);
    await started();
    return res;
  };
  return page;
}

/** Playwright's test, with a page that waits for the app after each load (waitForAppOnLoad). */
export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitForAppOnLoad(page));
  },
});
