import type { Database, Queryable } from '../db/database';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { insertNotification, type NewNotification } from '../modules/notifications/notifications.repository';
import type { Storage } from '../plugins/storage';
import { BLOG_SEEDS } from './content/blogs';
import { FAQ_SEEDS } from './content/faqs';
import { PAGE_SEEDS } from './content/pages';
import { seedBookings } from './bookings';
import { seedEarnings } from './earnings';
import { seedListings } from './listings';
import { seedReviews } from './reviews';

export const DEMO_PASSWORD = 'parkly-demo';
export const DEMO_ACCOUNTS = [
  { email: 'guest@parkly.test', role: 'guest', name: 'Aarav Sharma' },
  { email: 'host@parkly.test', role: 'host', name: 'Priya Nair' },
  { email: 'admin@parkly.test', role: 'admin', name: 'Parkly Admin' },
] as const;

type DemoRole = (typeof DEMO_ACCOUNTS)[number]['role'];

/** True when nobody has signed up and no content exists: the only time demo data is loaded. */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.query<{ n: number }>(`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM page_entries) AS n`);
  return Number(rows[0]?.n ?? 0) === 0;
}

export interface PublicDemoAccount {
  email: string;
  role: 'user' | 'admin';
}

/**
 * The demo accounts (every address under parkly.test: the three above, the demo hosts, reviewers and
 * guests) that can still log in with the public DEMO_PASSWORD, administrators first. Accounts that
 * are deleted, suspended or given another password are not. Seeded accounts share one hash, so each
 * distinct hash is checked once.
 */
export async function findPublicDemoAccounts(db: Queryable): Promise<PublicDemoAccount[]> {
  const rows = await db.query<PublicDemoAccount & { password_hash: string }>(
    `SELECT email::text AS email, role, password_hash FROM users
      WHERE email::text ~* '[@.]parkly\\.test$' AND password_hash IS NOT NULL AND deleted_at IS NULL AND suspended_at IS NULL
      ORDER BY role = 'admin' DESC, email`,
  );
  const isPublic = new Map<string, boolean>();
  for (const hash of new Set(rows.map((r) => r.password_hash))) isPublic.set(hash, await verifyPassword(hash, DEMO_PASSWORD));
  return rows.filter((r) => isPublic.get(r.password_hash)).map(({ email, role }) => ({ email, role }));
}

/**
 * Loads the demo content: pages, FAQ, blogs, and the demo accounts with a few notifications.
 * Everything goes in one transaction, and each insert skips what is already there, so running it
 * twice (or after a partial manual load) adds nothing twice. With a storage for their photos, the
 * demo listings too, and the demo guest's bookings of them.
 */
export async function seedDemoData(db: Database, storage?: Storage): Promise<void> {
  // argon2 is slow on purpose: hash before the transaction so it does not hold the database
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    await seedPages(tx);
    await seedFaqs(tx);
    await seedBlogs(tx);
    for (const [i, account] of DEMO_ACCOUNTS.entries()) {
      const userId = await insertDemoUser(tx, account, hashes[i]!);
      if (userId) await seedNotifications(tx, userId, account.role);
    }
  });
  if (storage) {
    await seedListings(db, storage, { passwordHash: hashes[0] });
    await seedBookings(db);
    await seedReviews(db, hashes[0] ?? null);
    // last: the ledger is backfilled from every demo booking above
    await seedEarnings(db);
  }
}

async function seedPages(tx: Queryable) {
  const sortInPage = new Map<string, number>();
  for (const p of PAGE_SEEDS) {
    const sort = sortInPage.get(p.page_name) ?? 0;
    sortInPage.set(p.page_name, sort + 1);
    await tx.query(
      `INSERT INTO page_entries (page_name, entry_key, page_title, page_description, sort) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (page_name, entry_key) DO NOTHING`,
      [p.page_name, p.entry_key, p.page_title, p.page_description, sort],
    );
  }
}

async function seedFaqs(tx: Queryable) {
  for (const [sort, f] of FAQ_SEEDS.entries()) {
    await tx.query(
      `INSERT INTO faqs (category, question, answer, sort)
       SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM faqs WHERE question = $2)`,
      [f.category, f.question, f.answer, sort],
    );
  }
}

async function seedBlogs(tx: Queryable) {
  for (const b of BLOG_SEEDS) {
    await tx.query(
      `INSERT INTO blogs (slug, title, excerpt, body, author, published_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (slug) DO NOTHING`,
      [b.slug, b.title, b.excerpt, b.body, b.author, b.published_at],
    );
  }
}

/** The new user's id, or null when the address is already taken (then nothing else is added for it). */
async function insertDemoUser(tx: Queryable, account: (typeof DEMO_ACCOUNTS)[number], passwordHash: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO users (name, email, password_hash, host_user, role, id_verification_status)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (email) DO NOTHING RETURNING id`,
    [
      account.name,
      account.email,
      passwordHash,
      account.role === 'host',
      account.role === 'admin' ? 'admin' : 'user',
      account.role === 'host' ? 'approved' : 'none',
    ],
  );
  return rows[0]?.id ?? null;
}

const HOUR = 3600 * 1000;

/** Tomorrow at 09:00 in India, as an instant. */
function tomorrowNineIst(now = new Date()): Date {
  const ist = new Date(now.getTime() + 5.5 * HOUR);
  const day = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + 1, 9, 0);
  return new Date(day - 5.5 * HOUR);
}

function demoNotifications(role: DemoRole): (NewNotification & { ageHours: number })[] {
  switch (role) {
    case 'guest':
      return [
        {
          ageHours: 48,
          title: 'Welcome to Parkly',
          description: 'Find parking or vehicle storage near where you are going, see the full price before you pay, and book in a minute.',
        },
        {
          ageHours: 26,
          title: 'Save your vehicle',
          description: 'Add your vehicle and its registration number under Saved vehicles, so hosts know which car to expect at the gate.',
        },
        {
          ageHours: 2,
          title: 'Booking confirmed',
          description: 'Your booking for Covered parking near Sony World Signal, Koramangala is confirmed. The address and access instructions are in My Bookings.',
          bookingDateTime: tomorrowNineIst(),
        },
      ];
    case 'host':
      return [
        {
          ageHours: 72,
          title: 'Welcome to Parkly hosting',
          description: 'Your ID is verified, so your listings show the verified badge. Keep your calendar up to date and answer requests within 24 hours.',
        },
      ];
    case 'admin':
      return [
        {
          ageHours: 96,
          title: 'Welcome to Parkly',
          description: 'You are signed in as an administrator: you can review government IDs, moderate listings and edit pages, FAQ and blogs.',
        },
      ];
  }
}

async function seedNotifications(tx: Queryable, userId: string, role: DemoRole) {
  for (const n of demoNotifications(role)) {
    const id = await insertNotification(tx, userId, n);
    // backdated so the panel shows them in a believable order
    await tx.query(`UPDATE notifications SET created_at = now() - $2::int * interval '1 hour' WHERE id = $1`, [id, n.ageHours]);
  }
}
