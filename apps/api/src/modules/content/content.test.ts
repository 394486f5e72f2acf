import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, PAGE_NAMES, type BlogSummary, type Faq } from '@parkly/shared/content';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { seedDemoData } from '../../seed/demo';

describe('content', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
  });
  afterAll(() => t.close());

  const pages = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: api('pages'), payload: payload as object, headers });
  const faqs = (query?: string) => t.app.inject({ url: api(query === undefined ? 'faqs' : `faqs?q=${encodeURIComponent(query)}`) });

  describe('POST pages', () => {
    it("answers the support page as the spec reads it: email and phone_number page_description", async () => {
      const res = await pages({ page_name: 'support' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.email.page_description).toBe('support@parkly.in');
      expect(body.phone_number.page_description).toBe('+91 80 4567 8900');
      expect(body.address.page_description).toMatch(/Bengaluru 560025/);
      expect(body.hours.page_description).toMatch(/Monday to Saturday/);
      expect(Object.keys(body)).toEqual(['email', 'phone_number', 'address', 'hours']);
      expect(body.email).toEqual({ page_title: 'Support e-mail address', page_description: 'support@parkly.in' });
    });

    it('has every page, in order, with real text', async () => {
      for (const name of PAGE_NAMES) {
        const res = await pages({ page_name: name });
        expect(res.statusCode, name).toBe(200);
        const entries = Object.values(res.json()) as { page_title: string; page_description: string }[];
        expect(entries.length, name).toBeGreaterThan(0);
        for (const e of entries) expect(e.page_description.length).toBeGreaterThan(5);
      }
      const footer = (await pages({ page_name: 'footer' })).json();
      expect(footer.about.page_description).toMatch(/all-in-one solution for all types of parking and vehicle storage/);
      for (const social of ['facebook', 'instagram', 'x', 'tiktok']) expect(footer[social].page_description).toMatch(/^https:\/\//);
      const work = Object.keys((await pages({ page_name: 'work' })).json());
      expect(work.slice(0, 2)).toEqual(['drivers', 'hosts']);
      const privacy = JSON.stringify((await pages({ page_name: 'privacy' })).json());
      expect(privacy).toMatch(/Digital Personal Data Protection Act, 2023/);
      const terms = JSON.stringify((await pages({ page_name: 'terms_and_condition' })).json());
      expect(terms).toMatch(/courts in Bengaluru/);
      expect(terms).not.toMatch(/lorem/i);
    });

    it('refuses unknown or malformed page names with 400, never a 5xx', async () => {
      const bad: unknown[] = [
        { page_name: 'nope' },
        {},
        { page_name: 42 },
        { page_name: "support' OR 1=1 --" },
        { page_name: '<script>alert(1)</script>' },
        { page_name: 'x'.repeat(10_000) },
        { page_name: ['support'] },
      ];
      for (const payload of bad) {
        const res = await pages(payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
      }
      expect((await pages({ page_name: 'nope' })).json().errors).toHaveProperty('page_name');
      // a bare string is sent without a JSON content type
      expect((await pages('support')).statusCode).toBe(415);
      const broken = await t.app.inject({ method: 'POST', url: api('pages'), headers: { 'content-type': 'application/json' }, payload: '{"page_name":' });
      expect(broken.statusCode).toBe(400);
      const xml = await t.app.inject({ method: 'POST', url: api('pages'), headers: { 'content-type': 'application/xml' }, payload: '<page/>' });
      expect(xml.statusCode).toBe(415);
    });
  });

  describe('GET faqs', () => {
    it('lists at least 24 entries grouped by category in the FAQ order', async () => {
      const res = await faqs();
      expect(res.statusCode).toBe(200);
      const list = res.json().result as Faq[];
      expect(list.length).toBeGreaterThanOrEqual(24);
      const categories = [...new Set(list.map((f) => f.category))];
      expect(categories).toEqual([...FAQ_CATEGORIES]);
      expect(Object.keys(list[0]!).sort()).toEqual(['answer', 'category', 'id', 'question']);
      expect(list[0]!.question).toBe('How do I book a parking space?');
    });

    it('searches with full text, best match first', async () => {
      const cancel = (await faqs('cancel booking')).json().result as Faq[];
      expect(cancel[0]!.question).toBe('How do I cancel my booking?');
      expect(((await faqs('refund')).json().result as Faq[])[0]!.question).toBe('How long does a refund take?');
      const boat = (await faqs('store my boat')).json().result as Faq[];
      expect(boat[0]!.question).toMatch(/RV, caravan, boat or trailer/);
      const phrase = (await faqs('"service fee" -month')).json().result as Faq[];
      expect(phrase.length).toBeGreaterThan(0);
      expect(phrase.every((f) => /service fee/i.test(f.question + f.answer))).toBe(true);
    });

    it('finds short words the text search drops', async () => {
      const ev = (await faqs('EV')).json().result as Faq[];
      expect(ev.map((f) => f.question)).toContain('Is there EV charging at Parkly spaces?');
      const partial = (await faqs('Aadha')).json().result as Faq[];
      expect(partial.some((f) => f.answer.includes('Aadhar'))).toBe(true);
    });

    it('treats SQL, markup, wildcards and huge input as ordinary text', async () => {
      for (const q of ["'; DROP TABLE faqs; --", '<script>alert(1)</script>', '%', '_', '\\', 'x'.repeat(10_000), '\u0000', '"unclosed', '!!!(&|)']) {
        const res = await faqs(q);
        expect(res.statusCode, q.slice(0, 30)).toBe(200);
        expect(Array.isArray(res.json().result)).toBe(true);
      }
      expect(((await faqs('%')).json().result as Faq[]).length).toBeLessThan(5);
      expect(((await faqs('')).json().result as Faq[]).length).toBeGreaterThanOrEqual(24);
      const [{ n }] = (await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM faqs`)) as [{ n: number }];
      expect(Number(n)).toBeGreaterThanOrEqual(24);
    });
  });

  describe('blogs', () => {
    it('lists the posts newest first with reading time', async () => {
      const res = await t.app.inject({ url: api('blogs') });
      expect(res.statusCode).toBe(200);
      const list = res.json().result as BlogSummary[];
      expect(list.length).toBeGreaterThanOrEqual(6);
      const dates = list.map((b) => b.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const b of list) {
        expect(b.slug).toMatch(/^[a-z0-9-]+$/);
        expect(b.reading_minutes).toBeGreaterThanOrEqual(2);
        expect(b.published_at.startsWith('2025-')).toBe(true);
        expect(b).not.toHaveProperty('body');
      }
    });

    it('hides posts dated in the future', async () => {
      await t.db.query(
        `INSERT INTO blogs (slug, title, excerpt, body, author, published_at) VALUES ('coming-soon', 'Soon', 'Soon', 'Not yet.', 'Team', now() + interval '1 day')`,
      );
      const list = (await t.app.inject({ url: api('blogs') })).json().result as BlogSummary[];
      expect(list.map((b) => b.slug)).not.toContain('coming-soon');
      expect((await t.app.inject({ url: api('blogs/coming-soon') })).statusCode).toBe(404);
    });

    it('answers one post by slug with its body', async () => {
      const res = await t.app.inject({ url: api('blogs/monthly-parking-in-bengaluru') });
      expect(res.statusCode).toBe(200);
      const post = res.json().result;
      expect(post.title).toMatch(/monthly parking in Bengaluru/i);
      expect(post.body).toMatch(/^## /m);
      expect(post.body.split(/\s+/).length).toBeGreaterThan(400);
    });

    it('answers 404 for unknown or malformed slugs', async () => {
      for (const slug of ['no-such-post', 'UPPER', '..%2F..%2Fetc%2Fpasswd', '%00', "x'%20OR%20'1'='1", '%3Cscript%3E', 'a'.repeat(90)]) {
        const res = await t.app.inject({ url: api(`blogs/${slug}`) });
        expect(res.statusCode, slug.slice(0, 30)).toBe(404);
      }
      expect((await t.app.inject({ url: api(`blogs/${'a'.repeat(300)}`) })).statusCode).toBe(414);
    });
  });
});
