import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
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

  it('refuse anything but a plain setting name and value', () => {
    expect(() => db.tuned({ 'enable_bitmapscan = off; DROP TABLE users; --': 'off' })).toThrow(/not a planner setting/);
    expect(() => db.tuned({ enable_bitmapscan: "off'; DROP TABLE users; --" })).toThrow(/not a planner setting/);
  });
});
