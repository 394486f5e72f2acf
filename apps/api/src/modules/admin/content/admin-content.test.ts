import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBlog, AdminFaq } from '@parkly/shared/admin-content';
import type { BlogSummary, Faq } from '@parkly/shared/content';
import { api, createTestApp, multipartFile, type TestContext } from '../../../../test/helper';
import { seedDemoData } from '../../../seed/demo';
import { fixtures } from '../../accounts/testing';
import { createTestUser } from '../../notifications/test-users';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe('admin content', () => {
  let t: TestContext;
  let admin: User;
  let guest: User;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
    admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
    guest = await createTestUser(t.db, { name: 'Guest' });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, who: User = admin) =>
    t.app.inject({ method, url: api(`admin/${path}`), headers: who.headers, ...(payload !== undefined && { payload: payload as object }) });
  const publicPage = async (page: string) => (await t.app.inject({ method: 'POST', url: api('pages'), payload: { page_name: page } })).json();
  const audit = async (action: string, subjectId: string) =>
    t.db.query<{ actor_id: string; details: { before: unknown; after: unknown } }>(`SELECT actor_id, details FROM audit_log WHERE action = $1 AND subject_id = $2 ORDER BY created_at`, [
      action,
      subjectId,
    ]);

  describe('pages', () => {
    it('reads a page with its entries in order', async () => {
      const res = await call('GET', 'pages/support');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const page = res.json().result;
      expect(page).toMatchObject({ page_name: 'support', label: 'Support contacts', fixed: true });
      expect(page.entries.map((e: { entry_key: string }) => e.entry_key)).toEqual(['email', 'phone_number', 'address', 'hours']);
      expect((await call('GET', 'pages/aboutus')).json().result.fixed).toBe(false);
    });

    it('an edit shows on the public call at once and is audited before/after', async () => {
      const page = (await call('GET', 'pages/aboutus')).json().result;
      const entries = [
        { entry_key: 'new-intro', page_title: 'Hello', page_description: 'A brand new **first** section.' },
        ...page.entries.slice(1).reverse(),
      ];
      const res = await call('PUT', 'pages/aboutus', { entries });
      expect(res.statusCode, res.body).toBe(200);
      const pub = await publicPage('aboutus');
      expect(Object.keys(pub)).toEqual(entries.map((e) => e.entry_key));
      expect(pub['new-intro'].page_description).toBe('A brand new **first** section.');
      expect(pub).not.toHaveProperty(page.entries[0].entry_key);
      const [entry] = await audit('page.update', 'aboutus');
      expect(entry!.actor_id).toBe(admin.id);
      expect(entry!.details.before).toEqual(page.entries);
      expect((entry!.details.after as unknown[]).length).toBe(entries.length);
    });

    it('the support contacts change the footer and the bot at once', async () => {
      const page = (await call('GET', 'pages/support')).json().result;
      const entries = page.entries.map((e: { entry_key: string }) => (e.entry_key === 'email' ? { ...e, page_description: 'help@parkly.example' } : e));
      expect((await call('PUT', 'pages/support', { entries })).statusCode).toBe(200);
      expect((await publicPage('support')).email.page_description).toBe('help@parkly.example');
      const bot = await t.app.inject({ method: 'POST', url: api('chatboat'), payload: { message: 'Can I park a helicopter on the moon?' } });
      expect(bot.json().data).toContain('help@parkly.example');
      await call('PUT', 'pages/support', { entries: page.entries });
    });

    it('refuses bad entries with field errors', async () => {
      const support = (await call('GET', 'pages/support')).json().result.entries as { entry_key: string; page_description: string }[];
      const withValue = (key: string, value: string) => support.map((e) => (e.entry_key === key ? { ...e, page_description: value } : e));
      const cases: [string, unknown, string][] = [
        ['support', { entries: withValue('email', 'not-an-address') }, 'entries.0.page_description'],
        ['support', { entries: withValue('phone_number', 'call us') }, 'entries.1.page_description'],
        ['support', { entries: support.slice(1) }, 'entries'],
        ['aboutus', { entries: [] }, 'entries'],
        ['aboutus', { entries: [{ entry_key: 'Bad Key!', page_title: '', page_description: 'x' }] }, 'entries.0.entry_key'],
        ['aboutus', { entries: [{ entry_key: 'a', page_title: '', page_description: '   ' }] }, 'entries.0.page_description'],
        ['aboutus', { entries: [{ entry_key: 'a', page_title: '', page_description: 'x'.repeat(20_001) }] }, 'entries.0.page_description'],
        [
          'aboutus',
          {
            entries: [
              { entry_key: 'a', page_title: '', page_description: 'one' },
              { entry_key: 'a', page_title: '', page_description: 'two' },
            ],
          },
          'entries.1.entry_key',
        ],
      ];
      for (const [page, body, field] of cases) {
        const res = await call('PUT', `pages/${page}`, body);
        expect(res.statusCode, `${page} ${field}`).toBe(400);
        expect(res.json().errors, `${page} ${field}`).toHaveProperty([field]);
      }
      const footer = (await call('GET', 'pages/footer')).json().result.entries as { entry_key: string }[];
      for (const link of ['javascript:alert(1)', 'http://facebook.com/x', 'https://x.com/" onmouseover="alert(1)', 'data:text/html,hi']) {
        const entries = footer.map((e) => (e.entry_key === 'facebook' ? { ...e, page_description: link } : e));
        const res = await call('PUT', 'pages/footer', { entries });
        expect(res.statusCode, link).toBe(400);
        expect(Object.keys(res.json().errors)[0]).toMatch(/^entries\.\d\.page_description$/);
      }
      expect((await call('GET', 'pages/nope')).statusCode).toBe(400);
      expect((await call('PUT', 'pages/nope', { entries: [] })).statusCode).toBe(400);
    });
  });

  describe('FAQ', () => {
    const publicFaqs = async () => (await t.app.inject({ url: api('faqs') })).json().result as Faq[];

    it('creates, edits, reorders and deletes, each visible publicly at once and audited', async () => {
      const created = await call('POST', 'faqs', { category: 'Booking', question: 'Can I book for a friend?', answer: 'Yes, add their **vehicle**.' });
      expect(created.statusCode, created.body).toBe(201);
      const faq = created.json().result as AdminFaq;
      let list = await publicFaqs();
      const booking = list.filter((f) => f.category === 'Booking');
      expect(booking.at(-1)!.id).toBe(faq.id);

      const edited = await call('PUT', `faqs/${faq.id}`, { category: 'Account & safety', question: 'Can I book for a friend or family?', answer: 'Yes.' });
      expect(edited.statusCode).toBe(200);
      list = await publicFaqs();
      expect(list.find((f) => f.id === faq.id)).toMatchObject({ category: 'Account & safety', question: 'Can I book for a friend or family?' });

      const ids = (await call('GET', 'faqs')).json().result.filter((f: AdminFaq) => f.category === 'Account & safety').map((f: AdminFaq) => f.id) as string[];
      const reversed = [...ids].reverse();
      const reorder = await call('PUT', 'faqs/order', { category: 'Account & safety', ids: reversed });
      expect(reorder.statusCode, reorder.body).toBe(200);
      expect((await publicFaqs()).filter((f) => f.category === 'Account & safety').map((f) => f.id)).toEqual(reversed);

      const removed = await call('DELETE', `faqs/${faq.id}`);
      expect(removed.statusCode).toBe(200);
      expect((await publicFaqs()).some((f) => f.id === faq.id)).toBe(false);
      expect(await audit('faq.create', faq.id)).toHaveLength(1);
      const [update] = await audit('faq.update', faq.id);
      expect(update!.details.before).toMatchObject({ category: 'Booking' });
      expect(update!.details.after).toMatchObject({ category: 'Account & safety' });
      expect(await audit('faq.delete', faq.id)).toHaveLength(1);
      expect(await audit('faq.reorder', 'Account & safety')).toHaveLength(1);
    });

    it('a new category comes after the known ones', async () => {
      const res = await call('POST', 'faqs', { category: 'Zz Events', question: 'Do you do events?', answer: 'Soon.' });
      expect(res.statusCode).toBe(201);
      expect((await publicFaqs()).at(-1)!.category).toBe('Zz Events');
      await call('DELETE', `faqs/${res.json().result.id}`);
    });

    it('answers 400, 404 and never 5xx for bad input', async () => {
      expect((await call('POST', 'faqs', { category: '', question: 'Q', answer: 'A' })).json().errors).toHaveProperty('category');
      expect((await call('POST', 'faqs', { category: 'Booking', question: 'Q'.repeat(301), answer: 'A' })).json().errors).toHaveProperty('question');
      expect((await call('POST', 'faqs', { category: 'Booking', question: 'Q' })).statusCode).toBe(400);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1'; DROP TABLE faqs; --"]) {
        expect((await call('PUT', `faqs/${encodeURIComponent(id)}`, { category: 'Booking', question: 'Q', answer: 'A' })).statusCode, id).toBe(404);
        expect((await call('DELETE', `faqs/${encodeURIComponent(id)}`)).statusCode, id).toBe(404);
      }
      const ids = (await call('GET', 'faqs')).json().result.filter((f: AdminFaq) => f.category === 'Booking').map((f: AdminFaq) => f.id) as string[];
      const partial = await call('PUT', 'faqs/order', { category: 'Booking', ids: ids.slice(1) });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().errors).toHaveProperty('ids');
      expect((await call('PUT', 'faqs/order', { category: 'Booking', ids: [...ids.slice(1), 'junk'] })).statusCode).toBe(400);
      expect((await call('PUT', 'faqs/order', { category: 'No such category', ids: ids })).statusCode).toBe(404);
    });
  });

  describe('blogs', () => {
    const publicList = async () => ((await t.app.inject({ url: api('blogs') })).json().result as BlogSummary[]).map((b) => b.slug);
    const publicPost = (slug: string) => t.app.inject({ url: api(`blogs/${slug}`) });
    const post = (over: Record<string, unknown> = {}) => ({
      title: 'Parking near the stadium',
      excerpt: 'Where to leave the car on match day.',
      author: 'Parkly team',
      body: '## Plan ahead\n\nBook early.',
      status: 'draft',
      ...over,
    });

    it('a draft stays private; publishing shows it at once; the slug comes from the title', async () => {
      const res = await call('POST', 'blogs', post());
      expect(res.statusCode, res.body).toBe(201);
      const blog = res.json().result as AdminBlog;
      expect(blog).toMatchObject({ slug: 'parking-near-the-stadium', status: 'draft', published_at: null });
      expect(await publicList()).not.toContain(blog.slug);
      expect((await publicPost(blog.slug)).statusCode).toBe(404);

      const published = await call('PUT', `blogs/${blog.id}`, post({ status: 'published', slug: blog.slug }));
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json().result.status).toBe('published');
      expect((await publicList())[0]).toBe(blog.slug);
      expect((await publicPost(blog.slug)).json().result.body).toBe('## Plan ahead\n\nBook early.');

      // back to draft: gone from the site at once
      await call('PUT', `blogs/${blog.id}`, post({ status: 'draft', slug: blog.slug }));
      expect(await publicList()).not.toContain(blog.slug);
      const audits = await audit('blog.update', blog.id);
      expect(audits).toHaveLength(2);
      expect(audits[0]!.details.before).toMatchObject({ status: 'draft' });
      expect(audits[0]!.details.after).toMatchObject({ status: 'published' });
      expect(await audit('blog.create', blog.id)).toHaveLength(1);

      // a second post with the same title gets the next free slug
      const again = (await call('POST', 'blogs', post())).json().result as AdminBlog;
      expect(again.slug).toBe('parking-near-the-stadium-2');
    });

    it('a scheduled post is public only once its time has come', async () => {
      const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const res = await call('POST', 'blogs', post({ title: 'Coming up', status: 'scheduled', publish_at: at }));
      expect(res.statusCode, res.body).toBe(201);
      const blog = res.json().result as AdminBlog;
      expect(blog.status).toBe('scheduled');
      expect(blog.published_at).toBe(at);
      expect(await publicList()).not.toContain(blog.slug);
      expect((await publicPost(blog.slug)).statusCode).toBe(404);
      // the time comes
      await t.db.query(`UPDATE blogs SET published_at = now() - interval '1 minute' WHERE id = $1`, [blog.id]);
      expect(await publicList()).toContain(blog.slug);
      expect((await publicPost(blog.slug)).statusCode).toBe(200);
      expect((await call('GET', `blogs/${blog.id}`)).json().result.status).toBe('published');
      expect((await call('GET', 'blogs?status=published')).json().result.map((b: AdminBlog) => b.id)).toContain(blog.id);

      const past = await call('POST', 'blogs', post({ status: 'scheduled', publish_at: new Date(Date.now() - 1000).toISOString() }));
      expect(past.statusCode).toBe(400);
      expect(past.json().errors).toHaveProperty('publish_at');
      expect((await call('POST', 'blogs', post({ status: 'scheduled' }))).json().errors).toHaveProperty('publish_at');
      expect((await call('POST', 'blogs', post({ status: 'scheduled', publish_at: 'tomorrow-ish' }))).json().errors).toHaveProperty('publish_at');
    });

    it('keeps hostile markdown as text: the API never turns it into markup', async () => {
      const body = '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) ![x](javascript:alert(2))';
      const res = await call('POST', 'blogs', post({ title: 'Hostile', status: 'published', body }));
      const blog = res.json().result as AdminBlog;
      const pub = await publicPost(blog.slug);
      expect(pub.headers['content-type']).toMatch(/^application\/json/);
      expect(pub.json().result.body).toBe(body);
    });

    it('refuses a slug in use (409) and a malformed one (400)', async () => {
      const taken = await call('POST', 'blogs', post({ slug: 'monthly-parking-in-bengaluru' }));
      expect(taken.statusCode).toBe(409);
      expect(taken.json().errors).toHaveProperty('slug');
      const mine = (await call('POST', 'blogs', post({ title: 'Slug test', slug: 'slug-test' }))).json().result as AdminBlog;
      expect((await call('PUT', `blogs/${mine.id}`, post({ slug: 'monthly-parking-in-bengaluru' }))).statusCode).toBe(409);
      // its own slug is not a conflict
      expect((await call('PUT', `blogs/${mine.id}`, post({ slug: 'slug-test' }))).statusCode).toBe(200);
      for (const slug of ['Upper-Case', 'two--dashes', '-lead', 'spa ce', '../etc', 'a'.repeat(121), '<script>']) {
        const res = await call('POST', 'blogs', post({ slug }));
        expect(res.statusCode, slug).toBe(400);
        expect(res.json().errors, slug).toHaveProperty('slug');
      }
    });

    it('answers 400 with field errors for bad fields', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'title'],
        [{ title: 'x'.repeat(151) }, 'title'],
        [{ excerpt: '' }, 'excerpt'],
        [{ author: '' }, 'author'],
        [{ status: 'live' }, 'status'],
        [{ status: 'published', body: '  ' }, 'body'],
        [{ body: 'x'.repeat(50_001) }, 'body'],
      ];
      for (const [over, field] of cases) {
        const res = await call('POST', 'blogs', post(over));
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors, field).toHaveProperty(field);
      }
    });

    it('lists with search, status filter and pages; 404 for unknown ids', async () => {
      const list = await call('GET', 'blogs?q=stadium');
      expect(list.statusCode).toBe(200);
      expect(list.json().page).toMatchObject({ page: 1, page_size: 25 });
      expect(list.json().result.every((b: AdminBlog) => /stadium/i.test(b.title + b.slug))).toBe(true);
      const drafts = (await call('GET', 'blogs?status=draft')).json().result as AdminBlog[];
      expect(drafts.length).toBeGreaterThan(0);
      expect(drafts.every((b) => b.status === 'draft')).toBe(true);
      expect((await call('GET', 'blogs?status=bogus')).statusCode).toBe(400);
      expect((await call('GET', 'blogs?page=0')).statusCode).toBe(400);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect((await call('GET', `blogs/${id}`)).statusCode).toBe(404);
        expect((await call('PUT', `blogs/${id}`, post())).statusCode).toBe(404);
        expect((await call('DELETE', `blogs/${id}`)).statusCode).toBe(404);
      }
    });

    it('deletes a post: gone from the site, audited', async () => {
      const blog = (await call('POST', 'blogs', post({ title: 'Short lived', status: 'published' }))).json().result as AdminBlog;
      expect(await publicList()).toContain(blog.slug);
      expect((await call('DELETE', `blogs/${blog.id}`)).statusCode).toBe(200);
      expect(await publicList()).not.toContain(blog.slug);
      expect((await audit('blog.delete', blog.id))[0]!.details.before).toMatchObject({ slug: blog.slug });
    });

    describe('cover', () => {
      const upload = (id: string, content: Buffer, filename = 'cover.jpg', type = 'image/jpeg') => {
        const form = multipartFile(content, filename, type);
        return t.app.inject({ method: 'POST', url: api(`admin/blogs/${id}/cover`), headers: { ...admin.headers, ...form.headers }, payload: form.payload });
      };
      const stored = (path: string) => join(t.dataDir, 'uploads', path.replace(/^\/uploads\//, ''));

      it('re-encodes the image to WebP with no metadata, replaces the old file and shows publicly', async () => {
        const blog = (await call('POST', 'blogs', post({ title: 'With a cover', status: 'published' }))).json().result as AdminBlog;
        const res = await upload(blog.id, await fixtures.jpegWithExif());
        expect(res.statusCode, res.body).toBe(200);
        const first = res.json().result.cover_image as string;
        expect(first).toMatch(/^\/uploads\/blogs\/[0-9a-f-]{36}\.webp$/);
        const meta = await sharp(stored(first)).metadata();
        expect(meta.format).toBe('webp');
        expect(meta.exif).toBeUndefined();
        expect(((await t.app.inject({ url: api('blogs') })).json().result as BlogSummary[]).find((b) => b.id === blog.id)!.cover_image).toBe(first);

        const second = (await upload(blog.id, await fixtures.png(), 'c.png', 'image/png')).json().result.cover_image as string;
        expect(existsSync(stored(first))).toBe(false);
        expect(existsSync(stored(second))).toBe(true);
        const removed = await call('DELETE', `blogs/${blog.id}/cover`);
        expect(removed.json().result.cover_image).toBeNull();
        expect(existsSync(stored(second))).toBe(false);
        expect(await audit('blog.cover', blog.id)).toHaveLength(3);
      });

      it('refuses a PDF named .jpg (415), a file over 10 MB (413), a broken image (422), no file (400), an unknown post (404)', async () => {
        const blog = (await call('POST', 'blogs', post({ title: 'Cover checks' }))).json().result as AdminBlog;
        const pdf = await upload(blog.id, fixtures.pdf());
        expect(pdf.statusCode).toBe(415);
        expect(pdf.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
        const big = await upload(blog.id, fixtures.big(11));
        expect(big.statusCode).toBe(413);
        expect((await upload(blog.id, fixtures.brokenJpeg())).statusCode).toBe(422);
        expect((await upload(blog.id, Buffer.alloc(0))).statusCode).toBe(400);
        expect((await upload('00000000-0000-4000-8000-000000000000', await fixtures.png(), 'c.png', 'image/png')).statusCode).toBe(404);
        expect((await call('GET', `blogs/${blog.id}`)).json().result.cover_image).toBeNull();
      });
    });
  });

  it('refuses a non-admin with 403 on every content call', async () => {
    const cases: ['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] = [
      ['GET', 'pages/aboutus'],
      ['PUT', 'pages/aboutus', { entries: [{ entry_key: 'a', page_title: '', page_description: 'x' }] }],
      ['GET', 'faqs'],
      ['POST', 'faqs', { category: 'Booking', question: 'Q', answer: 'A' }],
      ['GET', 'blogs'],
      ['POST', 'blogs', { title: 'T', excerpt: 'E', author: 'A', body: 'B', status: 'published' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(method, path, body, guest);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await (async () => (await publicPage('aboutus'))['a'])()).toBeUndefined();
  });
});
