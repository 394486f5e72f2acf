import { describe, expect, it } from 'vitest';
import { render } from './entry-server';

/** The screens the server draws (nothing of them may need a browser). */
const DRAWN_PAGES = [
  '/',
  '/aboutus',
  '/work',
  '/privacy',
  '/terms_and_condition',
  '/faq',
  '/blogs',
  '/blogs/blog-detail?slug=a-post',
  '/helper',
  '/parking?place=Delhi&lat=28.6&lng=77.2&sort=distance',
  '/parking?view=map&bbox=77.1,28.5,77.3,28.7',
  '/parking_type',
  '/parking/0a6b3e62-6a5e-4f1e-9d7c-3f0e2a1b4c5d',
];

/** Forms, and screens about the signed-in person: the browser draws them. */
const BROWSER_PAGES = ['/login', '/sign_up', '/forget', '/reset_password?token=abc', '/upload_govt_id', '/contact', '/alertMessage?code=1', '/Favorater', '/profile', '/update_location', '/hosthomes', '/Favorater/../profile'];


/** An API that is down: every screen must still draw (its error or empty state), never throw. */
const apiDown = async () => Response.json({ message: 'Service unavailable', code: 'UNAVAILABLE' }, { status: 503 });

describe('drawing screens on the server', () => {
  it.each(DRAWN_PAGES)('%s draws without a browser', async (url) => {
    const page = await render(url, apiDown);
    expect(page).not.toBeNull();
    expect(page!.status).toBe(200);
    expect(page!.html).toContain('id="main"');
  });

  it("asks the API for a screen's data and draws the screen with it", async () => {
    const asked: string[] = [];
    const page = await render('/faq', async (url) => {
      asked.push(url);
      return apiDown();
    });
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((u) => u.startsWith('/backend/api/v1/'))).toBe(true);
    expect(page!.state).toMatchObject({ queries: expect.any(Array) });
  });

  it('leaves forms and screens behind login to the browser, without loading their code or asking the API', async () => {
    let asked = 0;
    const api = async () => {
      asked += 1;
      return apiDown();
    };
    for (const url of BROWSER_PAGES) {
      expect(await render(url, api), url).toBeNull();
    }
    expect(asked).toBe(0);
  });

  it('an unknown address is drawn as Page Not Found with status 404', async () => {
    const page = await render('/no/such/screen', apiDown);
    expect(page!.status).toBe(404);
  });
});
