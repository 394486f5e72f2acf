import { PAYOUT_FAILURE_REASON_MAX, type AdminPayout } from '@parkly/shared/admin-payouts';
import { PAYOUT_STATUS_LABELS } from '@parkly/shared/earnings';
import { formatShortDateTime } from '@parkly/shared/time';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { SimulatedBadge } from '../../../components/payouts/simulated-badge';
import { Button } from '../../../components/ui/button';
import { ListNotice } from '../../../components/ui/list-notice';
import { formatMoney } from '../../../lib/money';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useAdminList } from '../components/use-admin-list';
import { FilterSelect } from '../components/filter-select';
import { useAdminPayouts } from './api/get-admin-payouts';
import { useMarkPayoutFailed } from './api/mark-payout-failed';
import { PaidDialog } from './paid-dialog';
import { AdminListResults } from '../components/admin-list';

const STATUS_OPTIONS = [
  { value: '', label: 'Requested (to pay)' },
  { value: 'paid', label: 'Paid' },
  { value: 'failed', label: 'Failed or cancelled' },
];

/** /admin/payouts: the hosts' payout requests, oldest first; mark each paid with the bank reference, or failed. */
export default function AdminPayoutsPage() {
  const list = useAdminList();
  const payouts = useAdminPayouts(list.apiQuery(['status']));
  const [paying, setPaying] = useState<AdminPayout | null>(null);
  const [failing, setFailing] = useState<AdminPayout | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const noteRef = useRef<HTMLParagraphElement>(null);
  const fail = useMarkPayoutFailed();
  const done = (text: string) => {
    setNote(text);
    requestAnimationFrame(() => noteRef.current?.focus());
  };
  const open = list.filter('status') === '';
  return (
    <AdminPage title="Payouts" intro="Hosts' payout requests. Make the bank transfer, then mark the request paid with its reference: the host's earnings show it at once.">
      <div className="max-w-xs">
        <FilterSelect label="Show" value={list.filter('status')} options={STATUS_OPTIONS} onChange={(v) => list.setFilter('status', v)} />
      </div>
      <ListNotice note={note} noteRef={noteRef} error={null} />
      <AdminListResults query={payouts} title={open ? 'Requests to pay' : 'Payouts'} loading="Loading payouts" empty={open ? 'No payout is waiting.' : 'None.'} onPage={list.setPage}>
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {rows.map((p) => (
              <PayoutRow key={p.id} p={p} onPaid={() => setPaying(p)} onFailed={() => setFailing(p)} />
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

function PayoutRow({ p, onPaid, onFailed }: { p: AdminPayout; onPaid: () => void; onFailed: () => void }) {
  const zone = useDefaultTimeZone();
  const money = formatMoney(p.amount, p.currency);
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-[1_1_16rem] space-y-0.5 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-base font-semibold text-slate-900 tabular-nums">{money}</span>
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset">{PAYOUT_STATUS_LABELS[p.status]}</span>
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
      </div>
      {p.status === 'requested' && (
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
