import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, FOOTER_ENTRY_KEYS, PAGE_NAMES, SUPPORT_ENTRY_KEYS } from '@parkly/shared/content';
import { openTestDatabase } from '../../test/helper';
import type { Database } from '../db/database';
import { verifyPassword } from '../lib/passwords';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemoData } from './demo';

const words = (text: string) => text.trim().split(/\s+/).length;

describe('seedDemoData', () => {
  let db: Database;
  const counts = async () =>
    (
      await db.query<Record<string, number>>(
        `SELECT (SELECT count(*) FROM page_entries) AS pages, (SELECT count(*) FROM faqs) AS faqs, (SELECT count(*) FROM blogs) AS blogs,
                (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM notifications) AS notifications`,
      )
    )[0]!;

  beforeAll(async () => {
    db = await openTestDatabase();
    expect(await isEmpty(db)).toBe(true);
    await seedDemoData(db);
  });
  afterAll(() => db.close());

  it('fills every content page, with the entries clients rely on', async () => {
    expect(await isEmpty(db)).toBe(false);
    const rows = await db.query<{ page_name: string; entry_key: string; page_description: string }>(
      `SELECT page_name, entry_key, page_description FROM page_entries`,
    );
    for (const name of PAGE_NAMES) expect(rows.some((r) => r.page_name === name), name).toBe(true);
    const keysOf = (page: string) => rows.filter((r) => r.page_name === page).map((r) => r.entry_key);
    expect(keysOf('support')).toEqual(expect.arrayContaining([...SUPPORT_ENTRY_KEYS]));
    expect(keysOf('footer')).toEqual(expect.arrayContaining([...FOOTER_ENTRY_KEYS]));
    expect(keysOf('privacy').length).toBeGreaterThanOrEqual(6);
    expect(keysOf('terms_and_condition').length).toBeGreaterThanOrEqual(6);
    const all = rows.map((r) => r.page_description).join('\n');
    expect(all).not.toMatch(/lorem|ipsum|TODO/i);
    expect(all).toMatch(/DPDP Act/);
  });

  it('loads at least 24 FAQ entries in every category, with answers consistent with the rules', async () => {
    const faqs = await db.query<{ category: string; question: string; answer: string }>(`SELECT category, question, answer FROM faqs`);
    expect(faqs.length).toBeGreaterThanOrEqual(24);
    expect(new Set(faqs.map((f) => f.category))).toEqual(new Set(FAQ_CATEGORIES));
    const text = faqs.map((f) => `${f.question} ${f.answer}`).join('\n');
    for (const fact of [/5% service fee/, /15% commission/, /Flexible:\*\* full refund if you cancel at least 1 hour/, /Strict:\*\* 50% refund if you cancel at least 7 days/, /Aadhar/, /EV charging/, /monthly/i, /RV/, /INR/]) {
      expect(text).toMatch(fact);
    }
  });

  it('loads at least 6 blog posts of 400 to 900 words, published in 2025', async () => {
    const blogs = await db.query<{ slug: string; body: string; author: string; published_at: Date }>(`SELECT slug, body, author, published_at FROM blogs`);
    expect(blogs.length).toBeGreaterThanOrEqual(6);
    for (const b of blogs) {
      expect(words(b.body), b.slug).toBeGreaterThanOrEqual(400);
      expect(words(b.body), b.slug).toBeLessThanOrEqual(900);
      expect(new Date(b.published_at).getUTCFullYear(), b.slug).toBe(2025);
      expect(b.author.length).toBeGreaterThan(2);
    }
  });

  it('creates the demo accounts with argon2id hashes of the demo password', async () => {
    const users = await db.query<{ email: string; name: string; password_hash: string; host_user: boolean; role: string; id_verification_status: string }>(
      `SELECT email, name, password_hash, host_user, role, id_verification_status FROM users ORDER BY email`,
    );
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    const byEmail = Object.fromEntries(users.map((u) => [u.email, u]));
    expect(byEmail['guest@parkly.test']).toMatchObject({ name: 'Aarav Sharma', host_user: false, role: 'user' });
    expect(byEmail['host@parkly.test']).toMatchObject({ name: 'Priya Nair', host_user: true, role: 'user', id_verification_status: 'approved' });
    expect(byEmail['admin@parkly.test']).toMatchObject({ name: 'Parkly Admin', role: 'admin' });
    for (const u of users) {
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(u.password_hash, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('gives every demo account a welcome notification, and the guest two more', async () => {
    const rows = await db.query<{ email: string; title: string; booking_date_time: Date | null }>(
      `SELECT u.email, n.title, n.booking_date_time FROM notifications n JOIN users u ON u.id = n.user_id`,
    );
    const of = (email: string) => rows.filter((r) => r.email === email);
    expect(of('guest@parkly.test')).toHaveLength(3);
    expect(of('guest@parkly.test').filter((n) => n.booking_date_time !== null)).toHaveLength(1);
    for (const a of DEMO_ACCOUNTS) expect(of(a.email).some((n) => /^Welcome/.test(n.title)), a.email).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const before = await counts();
    await seedDemoData(db);
    expect(await counts()).toEqual(before);
  });
});
