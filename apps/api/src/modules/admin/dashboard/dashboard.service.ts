import type { AdminDashboard } from '@parkly/shared/admin';
import type { Queryable } from '../../../db/database';
import { periods, totals, waiting } from './dashboard.repository';

/** The console's first screen: how the marketplace is doing, and what waits for an admin. */
export async function getDashboard(db: Queryable, opts: { zone: string; currency: string }): Promise<AdminDashboard> {
  const [t, p, w] = await Promise.all([totals(db), periods(db, opts.zone), waiting(db)]);
  return { currency: opts.currency, totals: t, periods: p, waiting: w };
}
