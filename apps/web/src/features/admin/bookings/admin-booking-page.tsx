import type { AdminBookingDetail } from '@parkly/shared/admin-bookings';
import { formatDateTime, formatPeriod } from '@parkly/shared/time';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BookingTimeline } from '../../../components/booking/booking-timeline';
import { Button } from '../../../components/ui/button';
import { ListNotice } from '../../../components/ui/list-notice';
import { formatMoney } from '../../../lib/money';
import { BookingStatusBadge } from '../../../components/booking/booking-status-badge';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { useAdminBooking } from './api/get-admin-booking';
import { eventText, ledgerKindText, paymentKindText, paymentStatusText, refundSourceText } from './booking-words';
import { RefundDialog } from './refund-dialog';

/** /admin/bookings/:id: a booking's summary, history, payments, refunds and host ledger; refund from here. */
export default function AdminBookingPage() {
  const { id = '' } = useParams();
  const booking = useAdminBooking(id);
  const [refunding, setRefunding] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const b = booking.data;
  return (
    <AdminPage
      title={b ? `Booking ${b.reference}` : 'Booking'}
      intro={<BackLink to="/admin/bookings">All bookings</BackLink>}
      actions={
        b && (
          <Button variant="danger" disabled={b.refundable <= 0} onClick={() => setRefunding(true)}>
            Refund
          </Button>
        )
      }
    >
      <AdminRecord query={booking} loading="Loading the booking" missing="There is no such booking.">
        {(data) => (
          <>
            <ListNotice note={note} noteRef={noteRef} error={null} />
            <BookingView b={data} />
            <RefundDialog
              booking={data}
              open={refunding}
              onOpenChange={setRefunding}
              onDone={(text) => {
                setNote(text);
                requestAnimationFrame(() => noteRef.current?.focus());
              }}
            />
          </>
        )}
      </AdminRecord>
    </AdminPage>
  );
}

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
    <dt className="text-slate-600">{label}</dt>
    <dd className="min-w-0 text-right break-words text-slate-900">{children}</dd>
  </div>
);

function BookingView({ b }: { b: AdminBookingDetail }) {
  const m = (minor: number) => formatMoney(minor, b.currency);
  const at = (iso: string) => formatDateTime(iso, b.time_zone);
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <AdminPanel title="Summary">
        <dl className="divide-y divide-slate-100 text-sm">
          <Row label="Status">
            <BookingStatusBadge status={b.status} paymentStatus={b.payment_status} />
          </Row>
          <Row label="Listing">{b.listing.title ?? 'Untitled listing'}</Row>
          <Row label="When">{formatPeriod(b.start, b.end, b.time_zone)}</Row>
          <Row label="Booked">{at(b.created_at)}</Row>
          <Row label="Payment">{paymentStatusText(b.payment_status)}</Row>
          {b.card && <Row label="Card">{`${b.card.brand.toUpperCase()} ••••${b.card.last4}`}</Row>}
          <Row label="Paid">{m(b.paid)}</Row>
          <Row label="Refunded">{m(b.refunded)}</Row>
          <Row label="Can still be refunded">{m(b.refundable)}</Row>
          {b.cancel_reason && <Row label="Cancellation reason">{b.cancel_reason}</Row>}
          {b.decline_reason && <Row label="Decline reason">{b.decline_reason}</Row>}
          <Row label="Chat messages">{b.messages}</Row>
          <Row label="Booking id">
            <span className="font-mono text-xs break-all">{b.id}</span>
          </Row>
        </dl>
      </AdminPanel>
      <AdminPanel title="People">
        <dl className="divide-y divide-slate-100 text-sm">
          {(
            [
              ['Guest', b.guest],
              ['Host', b.host],
            ] as const
          ).map(([role, p]) => (
            <div key={role} className="py-2">
              <dt className="font-semibold text-slate-900">{role}</dt>
              <dd className="mt-1 space-y-0.5 text-slate-700">
                <Link to={`/admin/users/${p.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                  {p.name}
                </Link>
                <p className="break-all">{p.email || 'No e-mail'}</p>
                <p>{p.phone ?? 'No phone'}</p>
              </dd>
            </div>
          ))}
        </dl>
      </AdminPanel>
      <AdminPanel title="Price">
        <dl className="divide-y divide-slate-100 text-sm">
          {b.price.lines.map((l, i) => (
            <Row key={`${l.kind}-${i}`} label={l.label}>
              {m(l.amount)}
            </Row>
          ))}
          {b.price.discount > 0 && <Row label={`Promo code ${b.price.promo_code ?? ''} (Parkly's)`}>−{m(b.price.discount)}</Row>}
          <Row label="Total the guest paid">{m(b.price.total)}</Row>
          <Row label={`Parkly's commission${b.price.host_commission_percent !== null ? ` (${b.price.host_commission_percent} %)` : ''}`}>{m(b.price.host_fee)}</Row>
          <Row label="The host's payout">{m(b.price.subtotal - b.price.host_fee)}</Row>
          {b.price.cancellation_policy && <Row label="Cancellation policy">{b.price.cancellation_policy}</Row>}
        </dl>
      </AdminPanel>
      <AdminPanel title="History">
        <BookingTimeline booking={{ events: b.events, listing: { time_zone: b.time_zone } }} describe={eventText} />
      </AdminPanel>
      <AdminPanel title="Refunds" className="lg:col-span-2">
        {b.refunds.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has been refunded.</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {b.refunds.map((r) => (
              <li key={r.payment_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 tabular-nums">
                    {m(r.amount)} <span className="font-normal text-slate-700">· {paymentStatusText(r.status)}</span>
                  </p>
                  <p className="text-slate-700">
                    {refundSourceText(r.source)}
                    {r.by && ` by ${r.by.name}`} · {at(r.created_at)}
                  </p>
                  {r.reason && <p className="mt-0.5 break-words text-slate-700">“{r.reason}”</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminPanel>
      <AdminPanel title="Payments" className="lg:col-span-2">
        <LinesTable
          caption="Payment lines, oldest first"
          head={['Kind', 'Amount', 'Status', 'Provider reference', 'When']}
          rows={b.payments.map((p) => ({
            key: p.id,
            cells: [
              paymentKindText(p.kind),
              m(p.amount),
              `${paymentStatusText(p.status)}${p.failure_code ? ` (${p.failure_code})` : ''}`,
              <span key="ref" className="block max-w-72 font-mono text-xs break-all whitespace-normal">
                {p.provider} · {p.provider_ref ?? '—'}
                <span className="block text-slate-500">key {p.idempotency_key}</span>
              </span>,
              at(p.created_at),
            ],
          }))}
          empty="No payment yet."
        />
      </AdminPanel>
      <AdminPanel title="Host ledger" className="lg:col-span-2">
        <LinesTable
          caption="The host's ledger entries for this booking, oldest first"
          head={['Entry', 'Gross', 'Commission', 'Net', 'Pending', 'Available', 'When']}
          rows={b.ledger.map((l) => ({
            key: l.id,
            cells: [ledgerKindText(l.kind), m(l.gross), m(l.commission), m(l.net), m(l.pending), m(l.available), at(l.occurred_at)],
          }))}
          empty="Nothing in the host's ledger: the booking was never confirmed."
        />
      </AdminPanel>
    </div>
  );
}

/** A small table that scrolls sideways inside its panel on a phone. */
function LinesTable({ caption, head, rows, empty }: { caption: string; head: string[]; rows: { key: string; cells: ReactNode[] }[]; empty: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={r.key} className="align-top">
              {r.cells.map((c, i) => (
                <td key={i} className="py-2 pr-3 whitespace-nowrap text-slate-800 tabular-nums">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
