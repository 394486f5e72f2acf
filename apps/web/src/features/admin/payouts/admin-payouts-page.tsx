import { adminPayoutFilterOptions, adminPayoutStatusLabel, PAYOUT_FAILURE_REASON_MAX, type AdminPayout } from '@parkly/shared/admin-payouts';
import { formatShortDateTime } from '@parkly/shared/time';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { SimulatedBadge } from '../../../components/payouts/simulated-badge';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { ListNotice } from '../../../components/ui/list-notice';
import { formatMoney } from '../../../lib/money';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useAdminList } from '../components/use-admin-list';
import { FilterSelect } from '../components/filter-select';
import { useAdminPayouts } from './api/get-admin-payouts';
import { useMarkPayoutFailed } from './api/mark-payout-failed';
import { useRetryPayout } from './api/retry-payout';
import { PaidDialog } from './paid-dialog';
import { AdminListResults } from '../components/admin-list';

/**
 * /admin/payouts: the hosts' payout requests, oldest first. By hand: mark each paid with the bank
 * reference, or failed. With RazorpayX: each shows its RazorpayX payout and status (in flight, not a
 * request to pay: RazorpayX, its webhooks and the reconciliation sweep settle it); a failed one can be retried.
 */
export default function AdminPayoutsPage() {
  const list = useAdminList();
  const payouts = useAdminPayouts(list.apiQuery(['status']));
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const [failing, setFailing] = useState<AdminPayout | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const fail = useMarkPayoutFailed();
  const retry = useRetryPayout();
  const [error, setError] = useState<string | null>(null);
  const automatic = payouts.data?.automatic ?? false;
  const done = (text: string) => {
    setError(null);
    setNote(text);
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const open = list.filter('status') === '';
  return (
    <AdminPage
      title="Payouts"
      intro={
        automatic
          ? 'Hosts’ payouts, sent through RazorpayX as soon as they are requested. RazorpayX tells us when each is paid or fails; a failed one can be sent again.'
          : "Hosts' payout requests. Make the bank transfer, then mark the request paid with its reference: the host's earnings show it at once."
      }
    >
      <div className="max-w-xs">
        <FilterSelect label="Show" value={list.filter('status')} options={adminPayoutFilterOptions(automatic)} onChange={(v) => list.setFilter('status', v)} />
      </div>
      <ListNotice note={note} noteRef={noteRef} error={error} />
      <AdminListResults
        query={payouts}
        title={open ? (automatic ? 'Payouts in flight' : 'Requests to pay') : 'Payouts'}
        loading="Loading payouts"
        empty={open ? (automatic ? 'No payout is in flight.' : 'No payout is waiting.') : 'None.'}
        onPage={list.setPage}
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {rows.map((p) => (
              <PayoutRow
                key={p.id}
                p={p}
                automatic={automatic}
                retrying={retry.isPending && retry.variables === p.id}
                onPaid={() => setPaying(p)}
                onFailed={() => setFailing(p)}
                onRetry={() =>
                  retry.mutate(p.id, {
                    onSuccess: (again) => done(`Sent ${formatMoney(again.amount, again.currency)} to ${p.host.name} again as a new payout.`),
                    onError: (err) => {
                      setNote(null);
                      setError(err instanceof ApiError ? err.message : 'The payout could not be retried. Please try again.');
                    },
                  })
                }
              />
            ))}
          </ul>
        )}
      </AdminListResults>
      <PaidDialog payout={paying} onOpenChange={(o) => !o && setPaying(null)} onDone={done} />
      <ReasonDialog
        open={failing !== null}
        onOpenChange={(o) => !o && setFailing(null)}
        title="Mark payout failed"
        description={failing ? `${formatMoney(failing.amount, failing.currency)} to ${failing.host.name} goes back to their available balance.` : undefined}
        label="Reason (the host reads this)"
        max={PAYOUT_FAILURE_REASON_MAX}
        confirmLabel="Mark failed"
        danger
        onConfirm={async (reason) => {
          const p = failing!;
          await fail.mutateAsync({ id: p.id, reason });
          done(`Marked ${formatMoney(p.amount, p.currency)} to ${p.host.name} failed.`);
        }}
      />
    </AdminPage>
  );
}

function PayoutRow({
  p,
  automatic,
  retrying,
  onPaid,
  onFailed,
  onRetry,
}: {
  p: AdminPayout;
  automatic: boolean;
  retrying: boolean;
  onPaid: () => void;
  onFailed: () => void;
  onRetry: () => void;
}) {
  const zone = useDefaultTimeZone();
  const money = formatMoney(p.amount, p.currency);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-[1_1_16rem] space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-slate-900 tabular-nums">{money}</span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">{adminPayoutStatusLabel(p, automatic)}</span>
          {p.simulated && <SimulatedBadge />}
        </p>
        <p className="text-slate-800">
          <Link to={`/admin/users/${p.host.id}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
            {p.host.name}
          </Link>{' '}
          <span className="break-all text-slate-600">{p.host.email}</span>
        </p>
        <p className="text-slate-700">{p.destination}</p>
        <p className="text-slate-600">
          Requested {formatShortDateTime(p.requested_at, zone)}
          {p.paid_at && ` · paid ${formatShortDateTime(p.paid_at, zone)}`}
          {p.failed_at && ` · ${p.status} ${formatShortDateTime(p.failed_at, zone)}`}
        </p>
        {p.reference && <p className="text-slate-700">Reference {p.reference}</p>}
        {p.failure_reason && <p className="break-words text-slate-700">“{p.failure_reason}”</p>}
        {p.razorpayx && (
          <p className="text-slate-700">
            RazorpayX <span className="font-mono text-xs break-all">{p.razorpayx.payout_id ?? 'no payout made'}</span>
            {p.razorpayx.status && ` · ${p.razorpayx.status}`}
          </p>
        )}
        {automatic && p.status === 'requested' && !p.razorpayx && <p className="text-slate-600">Waiting to be sent to RazorpayX</p>}
        {p.retry_of && <p className="text-slate-600">Retry of an earlier failed payout</p>}
        {p.retried && <p className="text-slate-600">Retried: see the newer payout</p>}
      </div>
      {automatic && (p.status === 'failed' || p.status === 'cancelled') && !p.retried && (
        <Button variant="secondary" onClick={onRetry} disabled={retrying} aria-label={`Retry: ${money} to ${p.host.name}`}>
          {retrying ? 'Sending...' : 'Retry payout'}
        </Button>
      )}
      {!automatic && p.status === 'requested' && (
        <div className="flex flex-wrap gap-2">
          <Button onClick={onPaid} aria-label={`Mark paid: ${money} to ${p.host.name}`}>
            Mark paid
          </Button>
          <Button variant="secondary" onClick={onFailed} aria-label={`Mark failed: ${money} to ${p.host.name}`}>
            Mark failed
          </Button>
        </div>
      )}
    </li>
  );
}
