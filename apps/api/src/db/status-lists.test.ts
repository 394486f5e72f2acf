import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, BOOKING_TRANSITIONS, HOLDING_STATUSES } from '@parkly/shared/booking-lifecycle';
import { PAYMENT_STATUSES } from '@parkly/shared/bookings';
import { PAYOUT_STATUSES } from '@parkly/shared/earnings';
import { LISTING_STATUSES } from '@parkly/shared/listing-options';
import { openTestDatabase, TEST_DB_KIND } from '../../test/helper';
import type { Database } from './database';

// Migrations spell status lists in SQL (030's bookings_no_overlap, 055/085's blocking index, 080's
// expiring and ending indexes, the CHECKs). They must say what packages/shared says, or the database
// and the code disagree about which bookings hold a unit. This reads the schema as migrated (the
// constraints' and indexes' definitions as PostgreSQL prints them) and compares every list with its
// shared definition. A new constraint or partial index on bookings that names statuses must be added
// to EXPECTED, saying which shared list it mirrors.

/** Which shared list each constraint or index spells, per column. */
const EXPECTED: Record<string, Partial<Record<'status' | 'payment_status', readonly string[]>>> = {
  bookings_status_check: { status: BOOKING_STATUSES },
  bookings_payment_status_check: { payment_status: PAYMENT_STATUSES },
  // the units a booking holds: the database's guarantee against double booking
  bookings_no_overlap: { status: HOLDING_STATUSES },
  bookings_listing_blocking_idx: { status: HOLDING_STATUSES },
  // what the lifecycle job expires, and completes
  bookings_expiring_idx: { status: BOOKING_TRANSITIONS.expire.from },
  bookings_ending_idx: { status: BOOKING_TRANSITIONS.complete.from },
};

/** The `status IN (…)` / `status = '…'` lists of a definition, by column (`= ANY (ARRAY[…])` as PostgreSQL prints IN). */
function statusLists(definition: string): Record<string, string[]> {
  const lists: Record<string, string[]> = {};
  const re = /(?<![\w.])(\w*status)\s*=\s*(?:ANY\s*\(\s*(?:\(\s*)?ARRAY\[([^\]]*)\]|('[^']*'))/g;
  for (const m of definition.matchAll(re)) {
    const values = [...(m[2] ?? m[3]!).matchAll(/'([^']*)'/g)].map((v) => v[1]!);
    (lists[m[1]!] ??= []).push(...values);
  }
  return lists;
}

let db: Database;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

/** Every CHECK and EXCLUDE constraint of a table and every partial index's predicate, as migrated. */
const definitionsOf = (table: string) =>
  db.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE conrelid = $1::regclass AND contype IN ('c', 'x')
     UNION ALL
     SELECT c.relname, pg_get_expr(i.indpred, i.indrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = $1::regclass AND i.indpred IS NOT NULL
     ORDER BY 1`,
    [table],
  );

const sorted = (list: readonly string[]) => [...list].sort();

describe(`status lists in the schema as migrated (${TEST_DB_KIND})`, () => {
  it('reads the lists the way PostgreSQL prints them', () => {
    expect(statusLists(`EXCLUDE USING gist (unit_id WITH =, during WITH &&) WHERE ((status = ANY (ARRAY['pending_payment'::text, 'requested'::text])))`)).toEqual({
      status: ['pending_payment', 'requested'],
    });
    expect(statusLists(`((status = 'confirmed'::text) AND (payment_status = ANY ((ARRAY['paid'::character varying])::text[])))`)).toEqual({
      status: ['confirmed'],
      payment_status: ['paid'],
    });
  });

  it('every status list on bookings equals the shared definition it stands for', async () => {
    const found: Record<string, Record<string, string[]>> = {};
    for (const { name, definition } of await definitionsOf('bookings')) {
      const lists = statusLists(definition);
      if (Object.keys(lists).length) found[name] = lists;
    }
    // each one named (an unknown one fails here: say which shared list it mirrors in EXPECTED)
    expect(Object.keys(found).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [name, columns] of Object.entries(EXPECTED)) {
      for (const [column, list] of Object.entries(columns)) {
        expect(sorted(found[name]![column] ?? []), `${name}: ${column}`).toEqual(sorted(list));
      }
    }
  });

  it('the bookings_no_overlap constraint holds exactly HOLDING_STATUSES', async () => {
    const [row] = await db.query<{ definition: string }>(`SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = 'bookings_no_overlap'`);
    // unit, bays (a motorcycle holds one of the unit's two-wheeler bays, anything else all of them) and time: 370
    expect(row!.definition).toMatch(/^EXCLUDE USING gist \(unit_id WITH =, bays WITH &&, during WITH &&\) WHERE/);
    expect(sorted(statusLists(row!.definition).status!)).toEqual(sorted(HOLDING_STATUSES));
  });

  it('the status CHECKs of listings and payouts list the shared statuses', async () => {
    for (const [table, constraint, list] of [
      ['listings', 'listings_status_check', LISTING_STATUSES],
      ['host_payouts', 'host_payouts_status_check', PAYOUT_STATUSES],
    ] as const) {
      const definition = (await definitionsOf(table)).find((d) => d.name === constraint)?.definition ?? '';
      expect(sorted(statusLists(definition).status ?? []), constraint).toEqual(sorted(list));
    }
  });
});
