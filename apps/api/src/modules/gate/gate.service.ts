/**
 * The gate pass (docs/decisions/034-gate-pass.md): a confirmed booking's pass with its code and signed QR
 * payload, and the check-in and check-out a host or their gate account makes by that code, each an event of
 * the booking process (bookings/booking-process.ts) that keeps the status.
 */
import { randomInt } from 'node:crypto';
import { BOOKING_STATUS_LABELS, type GateEvent } from '@parkly/shared/booking-lifecycle';
import { GATE_QUEUE_MAX_AGE_HOURS, PASS_CODE_ALPHABET, PASS_CODE_LENGTH, type CheckResult, type GatePass, type GateLookupItem } from '@parkly/shared/gate-pass';
import { toZonedIso } from '@parkly/shared/time';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { isUuid } from '../../lib/ids';
import type { AuthUser } from '../../plugins/auth';
import { transition, type ProcessDeps } from '../bookings/lifecycle';
import type { ProcessBooking } from '../bookings/booking-process';
import { findBookingRow } from '../bookings/bookings.repository';
import { claimPassCode, findPass, findPassByCode, findStayLinks, lockPass, searchPasses, type PassRow } from './gate.repository';
import { gateEnd, runPlate, runWindow, stayRun, type GateWindow, type StayLink } from './pass-window';
import { signPass, type PassKeys } from './pass-keys';

export interface GateDeps {
  db: Database;
  keys: () => Promise<PassKeys>;
  process: ProcessDeps;
}

const bookingNotFound = () => new AppError('NOT_FOUND', 'Booking not found');
const passNotFound = () => new AppError('NOT_FOUND', 'No pass with this code for your spaces. Check the code and try again.');

export const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Driver';

/** A fresh code: PASS_CODE_LENGTH characters of PASS_CODE_ALPHABET, drawn with the system's CSPRNG. */
export const newPassCode = () => Array.from({ length: PASS_CODE_LENGTH }, () => PASS_CODE_ALPHABET[randomInt(PASS_CODE_ALPHABET.length)]).join('');

/** The booking's code, given on first use; a code another booking holds is drawn again. */
async function passCodeOf(db: Queryable, row: PassRow): Promise<string> {
  if (row.pass_code) return row.pass_code;
  for (let i = 0; i < 8; i++) {
    const code = await claimPassCode(db, row.id, newPassCode());
    if (code) return code;
  }
  throw new AppError('UNAVAILABLE', 'The pass could not be made right now. Try again in a moment.');
}

const iso = (d: Date | null, tz: string) => (d ? toZonedIso(d, tz) : null);

/**
 * A booking's pass: the booking its stay's code is on (the run's first, decision 044), what the gate checks it
 * against, and the plates it shows (every booking's of the run, decision 046).
 */
interface StayPass {
  holder: PassRow;
  window: GateWindow;
  plate: string | null;
}

/**
 * The pass `row` is part of: a stay's whole run of paid bookings joined end to start under its first booking's
 * code, or a monthly pass with its end at the gate (its last renewal try while one is being tried again).
 * `lock` locks the holder for a check-in or check-out when it is not `row` (locked already).
 */
async function stayPassOf(db: Queryable, row: PassRow, opts: { lock?: boolean } = {}): Promise<StayPass> {
  const links: StayLink[] = row.plan === 'monthly' ? [{ ...row, ends: gateEnd(row) }] : await findStayLinks(db, row.id);
  const run = stayRun(links, row.id);
  if (run.length === 0) return { holder: row, window: { starts: row.starts, ends: gateEnd(row), status: row.status }, plate: row.plate };
  const holderId = run[0]!.id;
  const holder = holderId === row.id ? row : await (opts.lock ? lockPass : findPass)(db, holderId);
  return { holder: holder ?? row, window: runWindow(run), plate: runPlate(run) };
}

/** GET bookings/:id/pass: the driver's or the host's; someone else's booking is a 404, one not confirmed a 409. */
export async function getPass(deps: GateDeps, user: AuthUser, bookingId: string): Promise<GatePass> {
  const row = isUuid(bookingId) ? await findPass(deps.db, bookingId) : undefined;
  if (!row || (row.guest_id !== user.id && row.host_id !== user.id)) throw bookingNotFound();
  const { holder, window, plate } = await stayPassOf(deps.db, row);
  // a stay's first booking completes at its own end while the time added to it runs on: its pass runs on too
  if (window.status !== 'confirmed') {
    const why = row.status === 'completed' ? 'this booking has ended.' : `the booking is ${BOOKING_STATUS_LABELS[row.status].toLowerCase()}.`;
    throw new AppError('CONFLICT', `The gate pass comes with a confirmed booking: ${why}`);
  }
  const code = await passCodeOf(deps.db, holder);
  const tz = holder.time_zone;
  const claims = {
    b: holder.id,
    c: code,
    h: holder.host_id,
    p: plate,
    f: toZonedIso(window.starts, tz),
    t: toZonedIso(window.ends, tz),
    l: holder.title,
    u: holder.unit_label,
    n: firstName(holder.guest_name),
    z: tz,
  };
  return {
    // the page's own booking (the device keeps the pass under its address); the code and QR are the stay's
    booking_id: row.id,
    code,
    qr_payload: signPass(await deps.keys(), claims),
    plate,
    valid_from: claims.f,
    valid_to: claims.t,
    listing_title: holder.title,
    unit_label: holder.unit_label,
    time_zone: tz,
    checked_in_at: iso(holder.checked_in_at, tz),
    checked_out_at: iso(holder.checked_out_at, tz),
  };
}

/** The host a check is made for: a gate account's host, or the signed-in host. */
const hostOf = (user: AuthUser) => user.gateFor ?? user.id;

/** When an action happened: now, or the time an action queued offline at the gate was taken (not ahead, not too old). */
function actionTime(at: string | undefined, now = new Date()): Date {
  if (!at) return now;
  const t = new Date(at);
  // a minute of leeway for a gate device's clock
  if (t.getTime() > now.getTime() + 60_000) throw new AppError('VALIDATION', 'The time of the action is in the future', { errors: { at: 'The time of the action is in the future' } });
  if (now.getTime() - t.getTime() > GATE_QUEUE_MAX_AGE_HOURS * 3600_000) {
    const message = `This action was taken more than ${GATE_QUEUE_MAX_AGE_HOURS} hours ago: check the pass again`;
    throw new AppError('UNPROCESSABLE', message, { errors: { at: message } });
  }
  return t;
}

/**
 * POST host/check-in, host/check-out: by the pass's code, for the host's own listings (another host's pass is a
 * 404). Recorded on the booking holding the stay's code, checked against the stay's whole window.
 */
export async function checkPass(deps: GateDeps, user: AuthUser, event: GateEvent, input: { code: string; at?: string }): Promise<CheckResult> {
  const at = actionTime(input.at);
  return deps.db.transaction(async (tx) => {
    const row = await findPassByCode(tx, input.code);
    if (!row || row.host_id !== hostOf(user)) throw passNotFound();
    const { holder, window, plate } = await stayPassOf(tx, row, { lock: true });
    // the process reads the booking as its other events do (the notices need its listing and price lines)
    const booking: ProcessBooking = (await findBookingRow(tx, holder.id))!;
    await transition(tx, deps.process, booking, event, { role: user.gateFor ? 'gate' : 'host', id: user.id }, { input: { at, window } });
    const after = (await findPass(tx, holder.id))!;
    const tz = after.time_zone;
    return {
      booking_id: after.id,
      guest_name: firstName(after.guest_name),
      plate,
      checked_in_at: iso(after.checked_in_at, tz)!,
      checked_out_at: iso(after.checked_out_at, tz),
    };
  });
}

/** GET host/gate-passes?q=: the passes around now a typed code or plate matches, for the host's listings (a stay once). */
export async function lookUpPasses(deps: GateDeps, user: AuthUser, q: string): Promise<GateLookupItem[]> {
  const typed = q.toUpperCase().replace(/[\s-]/g, '');
  const rows = await searchPasses(deps.db, hostOf(user), typed);
  const items: GateLookupItem[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const { holder, window, plate } = await stayPassOf(deps.db, row);
    if (seen.has(holder.id)) continue;
    seen.add(holder.id);
    const tz = holder.time_zone;
    items.push({
      booking_id: holder.id,
      // a plate's booking whose driver has not opened the pass yet gets its code now, so the guard can check it in
      code: await passCodeOf(deps.db, holder),
      guest_name: firstName(holder.guest_name),
      plate,
      valid_from: toZonedIso(window.starts, tz),
      valid_to: toZonedIso(window.ends, tz),
      listing_title: holder.title,
      unit_label: holder.unit_label,
      time_zone: tz,
      checked_in_at: iso(holder.checked_in_at, tz),
      checked_out_at: iso(holder.checked_out_at, tz),
    });
  }
  return items;
}
