/**
 * Razorpay reconciliation (decisions 032 and 033, "Reconciliation"): both flows learn the end of things
 * from webhooks, and a webhook can be lost (Razorpay retries for a day, then gives up; a wrong URL). A
 * sweep asks Razorpay itself about what is still open, and records what it says through the very
 * handlers the webhooks use (RAZORPAY_HANDLERS, razorpayxPayoutHandler): there is one recording path,
 * so a sweep and a late webhook, in either order, change the ledger once.
 *
 * - Payment attempts: a Razorpay charge or authorisation line whose reference is still the order (no
 *   payment recorded), older than ATTEMPT_MIN_AGE, of a booking still awaiting payment (its line
 *   pending) or one that ended meanwhile (its line failed: the hold lapsed, it was cancelled), for a day.
 *   The order's payments are fetched; one captured or authorised is applied as payment.captured or
 *   payment.authorized: the booking is confirmed or requested, or, when it ended, the money goes back.
 * - A monthly pass's month its driver pays in Checkout (decision 045): the try's line (`<booking>:renew:<n>:driver:<k>`,
 *   its reference the order) open or let go, for a day. A payment Razorpay took for it is applied as its webhook would
 *   be (the renewal's own recording: the month paid once, or the money back when the month no longer waits for it).
 * - Payouts: a payout at RazorpayX still in flight (requested, with a RazorpayX payout) older than
 *   PAYOUT_MIN_AGE: fetched, and applied as the payout.* webhook would (processed -> paid; failed,
 *   rejected, reversed -> failed, money back; cancelled likewise; still processing -> nothing).
 *
 * Rows are claimed FOR UPDATE SKIP LOCKED in one autocommitted statement that also sets when each is
 * next looked at (half its age, at least the sweep's period): two instances never ask about one row at
 * once, and an old row is asked about less and less often.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { razorpayxPayoutHandler } from '../earnings/razorpay-payouts';
import type { RazorpayDriver, RazorpayEvent } from './razorpay-provider';
import { applyRazorpayEvent, type RazorpayBookingSide } from './razorpay-webhook.service';

/** How often the workers sweep, and how old an attempt or a payout is before it is asked about. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
export const ATTEMPT_MIN_AGE_SECONDS = 120;
export const PAYOUT_MIN_AGE_SECONDS = 30 * 60;
/** An attempt is asked about for a day (a payment made later than that is not Checkout's). */
const ATTEMPT_MAX_AGE_SECONDS = 24 * 3600;
/** The longest wait between two looks at a payout still in flight. */
const PAYOUT_MAX_WAIT_SECONDS = 6 * 3600;
const BATCH = 20;

export interface ReconcileDeps {
  db: Database;
  publicUrl: string;
  /** with PAYMENT_PROVIDER=razorpay: the driver, the bookings module's side of the webhook, and what settles money after */
  payments: {
    driver: Pick<RazorpayDriver, 'orderPayments'>;
    bookings: (failedCaptures: Set<string>) => RazorpayBookingSide;
    settleMoney: (bookingId: string) => Promise<unknown>;
  } | null;
  /** with RazorpayX payouts */
  payouts: { driver: Pick<RazorpayDriver, 'fetchPayout'> } | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** the sweep's period (the shortest wait before a row is looked at again) */
  everySeconds?: number;
}

export interface ReconcileResult {
  /** attempts and payouts asked about */
  attemptsChecked: number;
  payoutsChecked: number;
}

/** The next look: half the row's age, at least the sweep's period, at most `max`. */
const nextLook = (ageOf: string, min: string, max: string) =>
  `now() + make_interval(secs => LEAST(${max}, GREATEST(${min}, EXTRACT(EPOCH FROM now() - ${ageOf})::float8 / 2)))`;

function claimAttempts(db: Database, limit: number, everySeconds: number) {
  return db.query<{ booking_id: string; provider_ref: string }>(
    `UPDATE payments SET reconcile_at = ${nextLook('created_at', '$3::float8', `${ATTEMPT_MAX_AGE_SECONDS}::float8`)}
      WHERE id IN (
        SELECT p.id FROM payments p JOIN bookings b ON b.id = p.booking_id
         WHERE p.provider = 'razorpay' AND p.kind IN ('charge', 'authorisation') AND p.status <> 'succeeded'
           AND p.provider_ref LIKE 'order\\_%'
           AND p.created_at < now() - make_interval(secs => $2::float8)
           AND p.created_at > now() - make_interval(secs => ${ATTEMPT_MAX_AGE_SECONDS})
           AND (p.reconcile_at IS NULL OR p.reconcile_at <= now())
           AND ((((p.status = 'pending' AND b.status = 'pending_payment') OR (p.status = 'failed' AND b.status <> 'pending_payment'))
                 AND NOT EXISTS (SELECT 1 FROM payments s WHERE s.booking_id = p.booking_id AND s.kind IN ('charge', 'authorisation') AND s.status = 'succeeded'))
             -- a pass's month its driver paid in Checkout (open, or let go by the renewal job): decision 045
             OR (p.kind = 'charge' AND p.idempotency_key ~ ':renew:[0-9]+:driver:[0-9]+$'))
         ORDER BY p.created_at LIMIT $1 FOR UPDATE OF p SKIP LOCKED)
      RETURNING booking_id, provider_ref`,
    [limit, ATTEMPT_MIN_AGE_SECONDS, everySeconds],
  );
}

function claimPayouts(db: Database, limit: number, everySeconds: number) {
  return db.query<{ id: string; provider_payout_id: string }>(
    `UPDATE host_payouts SET reconcile_at = ${nextLook('requested_at', '$3::float8', `${PAYOUT_MAX_WAIT_SECONDS}::float8`)}
      WHERE id IN (
        SELECT id FROM host_payouts
         WHERE status = 'requested' AND provider_payout_id IS NOT NULL
           AND requested_at < now() - make_interval(secs => $2::float8)
           AND (reconcile_at IS NULL OR reconcile_at <= now())
         ORDER BY requested_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, provider_payout_id`,
    [limit, PAYOUT_MIN_AGE_SECONDS, everySeconds],
  );
}

/** A webhook's event made of what Razorpay answered (applied by its handler; never recorded as a delivery). */
const eventOf = (name: string, id: string, payload: Record<string, Record<string, unknown>>): RazorpayEvent => ({
  id: `reconcile:${id}`,
  bodyId: `reconcile:${id}`,
  event: name,
  payload: Object.fromEntries(Object.entries(payload).map(([k, entity]) => [k, { entity }])),
});

/** One order: each payment Razorpay took for it is applied as its webhook would be; answers the bookings whose money is to be settled. */
async function reconcileOrder(deps: ReconcileDeps, payments: NonNullable<ReconcileDeps['payments']>, bookingId: string, orderId: string) {
  const held = (await payments.driver.orderPayments(orderId)).filter((p) => p.status === 'captured' || p.status === 'authorized');
  const failedCaptures = new Set<string>();
  const settle = new Set<string>();
  const apply = applyRazorpayEvent({ bookings: payments.bookings(failedCaptures), settle, publicUrl: deps.publicUrl });
  for (const p of held) {
    const entity = {
      id: p.ref, order_id: p.orderId, amount: p.amount, currency: p.currency, status: p.status, method: p.method, captured: p.captured, card: p.card,
      // a monthly pass's payment: the recurring token it made (decision 042), as Razorpay's own event carries it
      ...(p.token && { customer_id: p.token.customerId, token_id: p.token.tokenId, vpa: p.token.vpa, contact: p.token.contact }),
    };
    const event = eventOf(p.status === 'captured' ? 'payment.captured' : 'payment.authorized', `${p.ref}:${p.status}`, {
      payment: entity,
      // the order's receipt is its booking (how the webhook finds a booking the ledger does not name)
      order: { id: orderId, receipt: bookingId },
    });
    await deps.db.transaction((tx) => apply(tx, event));
  }
  return new Set([...failedCaptures, ...settle]);
}

async function reconcileAttempts(deps: ReconcileDeps, everySeconds: number) {
  const payments = deps.payments;
  if (!payments) return 0;
  let checked = 0;
  for (;;) {
    const batch = await claimAttempts(deps.db, BATCH, everySeconds);
    if (batch.length === 0) return checked;
    // several attempts of a booking may share one order (Checkout retries it): asked about once
    const orders = new Map(batch.map((r) => [r.provider_ref, r.booking_id]));
    for (const [orderId, bookingId] of orders) {
      try {
        const settle = await reconcileOrder(deps, payments, bookingId, orderId);
        // money given back (paid after the booking ended) goes out now, as after the webhook
        for (const id of settle) await payments.settleMoney(id).catch((err: unknown) => deps.log?.warn({ err, booking: id }, 'settling after reconciliation failed'));
      } catch (err) {
        // Razorpay unreachable, or the order unknown: looked at again at its next turn
        deps.log?.warn({ err, order: orderId }, 'reconciling a Razorpay order failed');
      }
      checked += 1;
    }
  }
}

async function reconcilePayouts(deps: ReconcileDeps, everySeconds: number) {
  const payouts = deps.payouts;
  if (!payouts) return 0;
  const handle = razorpayxPayoutHandler({ publicUrl: deps.publicUrl });
  let checked = 0;
  for (;;) {
    const batch = await claimPayouts(deps.db, BATCH, everySeconds);
    if (batch.length === 0) return checked;
    for (const row of batch) {
      try {
        const rx = await payouts.driver.fetchPayout(row.provider_payout_id);
        const event = eventOf(`payout.${rx.providerStatus}`, `${rx.id}:${rx.providerStatus}`, {
          payout: { id: rx.id, status: rx.providerStatus, utr: rx.utr ?? null, reference_id: row.id },
        });
        await deps.db.transaction((tx) => handle(tx, event));
      } catch (err) {
        deps.log?.warn({ err, payout: row.id }, 'reconciling a RazorpayX payout failed');
      }
      checked += 1;
    }
  }
}

/**
 * One sweep: asks Razorpay about the payment attempts and the payouts whose webhook is late, and
 * records what it says as the webhook would. Without Razorpay's settings (`payments` and `payouts`
 * null) it does nothing.
 */
export async function reconcileRazorpay(deps: ReconcileDeps): Promise<ReconcileResult> {
  const every = deps.everySeconds ?? RECONCILE_EVERY_MS / 1000;
  return { attemptsChecked: await reconcileAttempts(deps, every), payoutsChecked: await reconcilePayouts(deps, every) };
}
