/**
 * Hit counters in fixed windows, kept in the database so every instance sees the same count: the
 * per-route limits (plugins/rate-limit.ts) and the services' own (failed logins per account, reset
 * mails per address, contact acknowledgements) use them.
 */
import type { Queryable } from '../../db/database';
import * as counters from './counters.repository';

/** Counts one hit of `key` in a window of `windowMs`: the count so far and the time left. */
export const bumpCounter = (db: Queryable, key: string, windowMs: number) => counters.bumpCounter(db, key, windowMs);
/** The count of `key` in its current window, without counting a hit. */
export const peekCounter = (db: Queryable, key: string) => counters.peekCounter(db, key);
export const clearCounter = (db: Queryable, key: string) => counters.clearCounter(db, key);
