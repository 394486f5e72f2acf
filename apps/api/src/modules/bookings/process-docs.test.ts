/**
 * docs/architecture.md draws the booking process as a table a newcomer reads in a minute; this holds the
 * table to the code, so the two cannot drift: every declared event has its row, and each row's who, from
 * and to are what BOOKING_TRANSITIONS says (the refund's: what its declaration says, the status kept).
 */
import { readFileSync } from 'node:fs';
import { BOOKING_STATUSES, BOOKING_TRANSITIONS, type BookingEvent } from '@parkly/shared/booking-lifecycle';
import { describe, expect, it } from 'vitest';
import { BOOKING_PROCESS } from './booking-process';

const doc = readFileSync(new URL('../../../../../docs/architecture.md', import.meta.url), 'utf8');
const table = doc.slice(doc.indexOf('<!-- process-table'), doc.indexOf('<!-- /process-table -->'));
const rows = table
  .split('\n')
  .filter((l) => l.startsWith('| `'))
  .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
const byEvent = new Map(rows.map((r) => [r[0]!.replace(/`/g, ''), r]));
const list = (cell: string) => cell.split(',').map((s) => s.trim());

describe('the booking process in docs/architecture.md', () => {
  it('has a row for every declared event, and no other', () => {
    expect([...byEvent.keys()].sort()).toEqual(Object.keys(BOOKING_PROCESS).sort());
  });

  it('says who fires each event, from and to which status, as the transition table does', () => {
    for (const [event, t] of Object.entries(BOOKING_TRANSITIONS) as [BookingEvent, (typeof BOOKING_TRANSITIONS)[BookingEvent]][]) {
      const [, who, move] = byEvent.get(event)!;
      expect(list(who!), event).toEqual([...t.by]);
      const [from, to] = move!.split('→').map((s) => s.trim());
      expect(list(from!), event).toEqual([...t.from]);
      expect(to, event).toBe(t.to);
    }
  });

  it('an admin refund keeps the status', () => {
    const [, who, move] = byEvent.get('refund')!;
    expect(list(who!)).toEqual([...BOOKING_PROCESS.refund.by!]);
    expect(move).toMatch(/status stays/);
  });

  it("the gate's check-in and check-out keep the status, fired by the host or a gate account (decision 034)", () => {
    for (const event of ['check_in', 'check_out'] as const) {
      const [, who, move] = byEvent.get(event)!;
      expect(list(who!), event).toEqual([...BOOKING_PROCESS[event].by!]);
      expect(BOOKING_PROCESS[event].keepsStatus).toBe(true);
      expect(move).toMatch(/status stays/);
    }
  });

  it('names a host-ledger entry exactly for the events that write one', () => {
    for (const [event, d] of Object.entries(BOOKING_PROCESS)) {
      const writes = BOOKING_STATUSES.some((from) => d.ledger(from) !== null);
      expect(byEvent.get(event)![6] !== '–', event).toBe(writes);
    }
  });

  it('names GST documents exactly for the events that issue them (decision 031)', () => {
    for (const [event, d] of Object.entries(BOOKING_PROCESS)) {
      const issues = BOOKING_STATUSES.some((from) => (d.documents?.(from) ?? null) !== null);
      expect(byEvent.get(event)![7] !== '–', event).toBe(issues);
    }
  });
});
