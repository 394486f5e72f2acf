/**
 * Razorpay's webhooks, checked and de-duplicated (issue 19 groundwork: no route takes them yet, see
 * docs/decisions/026-razorpay-driver.md). The signature is HMAC-SHA256 of the raw body with
 * RAZORPAY_WEBHOOK_SECRET, checked before anything is read. The event's X-Razorpay-Event-Id and
 * the hash of its body are recorded in the transaction that applies it, so a replay is applied once
 * at most: Razorpay's retry (the same id), or a copy someone kept and sends again under another id
 * (the header is not signed; the body is, and is the same).
 */
import type { Database, Queryable } from '../../db/database';
import { verifyRazorpayWebhook, type RazorpayEvent } from './razorpay-provider';
import { recordRazorpayEvent } from './razorpay-webhook.repository';

/** The events the payment and payout flows will act on; any other is recorded and ignored. */
export const RAZORPAY_EVENTS = [
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'refund.processed',
  'refund.failed',
  'payout.processed',
  'payout.reversed',
  'payout.failed',
] as const;

export type RazorpayWebhookOutcome = { outcome: 'forged' } | { outcome: 'duplicate'; event: RazorpayEvent } | { outcome: 'applied'; event: RazorpayEvent };

/**
 * Checks one delivery and, when it is genuine and new, hands its event to `apply` in the
 * transaction that records its id. A forged one is answered `forged` (the route's 400), a known id
 * `duplicate` (a 200: Razorpay stops retrying).
 */
export async function acceptRazorpayWebhook(
  db: Database,
  delivery: { rawBody: Buffer | string; signature: unknown; eventId: unknown },
  secret: string,
  apply: (tx: Queryable, event: RazorpayEvent) => Promise<void> = async () => undefined,
): Promise<RazorpayWebhookOutcome> {
  const event = verifyRazorpayWebhook(delivery.rawBody, delivery.signature, delivery.eventId, secret);
  if (!event) return { outcome: 'forged' };
  return db.transaction(async (tx) => {
    if (!(await recordRazorpayEvent(tx, [event.id, event.bodyId], event.event))) return { outcome: 'duplicate' as const, event };
    await apply(tx, event);
    return { outcome: 'applied' as const, event };
  });
}
