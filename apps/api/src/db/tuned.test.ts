import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, openTestDatabase } from '../../test/helper';
import type { Database } from './database';

describe('queries with planner settings (db.tuned)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('run with the settings, which the other queries never see', async () => {
    const tuned = db.tuned({ enable_bitmapscan: 'off' });
    expect(await tuned.query('SHOW enable_bitmapscan')).toEqual([{ enable_bitmapscan: 'off' }]);
    expect(await db.query('SHOW enable_bitmapscan')).toEqual([{ enable_bitmapscan: 'on' }]);
    expect(await tuned.query('SHOW enable_bitmapscan')).toEqual([{ enable_bitmapscan: 'off' }]);
  });

  it('answer the same statement text again and again with other values', async () => {
    const tuned = db.tuned({ enable_bitmapscan: 'off' });
    const sums = [];
    for (let n = 0; n < 12; n++) sums.push((await tuned.query<{ n: number }>('SELECT $1::integer + 1 AS n', [n]))[0]!.n);
    expect(sums).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await expect(tuned.query('SELECT $1::integer AS n', ['not a number'])).rejects.toThrow();
    expect(await tuned.query('SELECT $1::integer AS n', [7])).toEqual([{ n: 7 }]);
  });

  it('plan each statement once on PostgreSQL: a generic plan from the first run (decision 027)', async () => {
    const tuned = db.tuned({ enable_bitmapscan: 'off' });
    const [mode] = await tuned.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
    expect(mode!.plan_cache_mode).toBe(TEST_DB_KIND === 'postgres' ? 'force_generic_plan' : 'auto');
    expect((await db.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode'))[0]!.plan_cache_mode).toBe('auto');
    if (TEST_DB_KIND === 'postgres') {
      // one statement, run on one connection (calls one after another reuse the pool's idle one)
      const text = 'SELECT count(*)::integer AS n FROM users WHERE created_at < $1::timestamptz';
      for (let i = 0; i < 3; i++) await tuned.query(text, [new Date().toISOString()]);
      const plans = await tuned.query<{ generic: number; custom: number }>(
        `SELECT sum(generic_plans)::integer AS generic, sum(custom_plans)::integer AS custom FROM pg_prepared_statements WHERE statement = $1`,
        [text],
      );
      expect(plans[0]).toEqual({ generic: 3, custom: 0 });
    }
  });

  it('refuse anything but a plain setting name and value', () => {
    expect(() => db.tuned({ 'enable_bitmapscan = off; DROP TABLE users; --': 'off' })).toThrow(/not a planner setting/);
    expect(() => db.tuned({ enable_bitmapscan: "off'; DROP TABLE users; --" })).toThrow(/not a planner setting/);
  });
});
