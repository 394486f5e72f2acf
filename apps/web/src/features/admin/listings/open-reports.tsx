import type { AdminListingDetail, AdminListingReport } from '@parkly/shared/admin-listings';
import { formatShortDateTime } from '@parkly/shared/time';
import { Check } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-field';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPanel } from '../components/admin-page';
import { useResolveReport } from './resolve-report';

/** What visitors reported about the listing and has not been dealt with yet, each with Resolve. */
export function OpenReports({ listing, onResolved }: { listing: AdminListingDetail; onResolved: (text: string) => void }) {
  const resolve = useResolveReport();
  if (listing.reports.length === 0) {
    return (
      <AdminPanel title="Open reports">
        <p className="text-sm text-slate-600">Nobody has reported this listing.</p>
      </AdminPanel>
    );
  }
  return (
    <AdminPanel title={`Open reports (${listing.reports.length})`}>
      {resolve.error && <FormAlert message={resolve.error.message} />}
      <ul className="divide-y divide-slate-100">
        {listing.reports.map((r) => (
          <ReportItem key={r.id} report={r} busy={resolve.isPending && resolve.variables === r.id} onResolve={() => resolve.mutate(r.id, { onSuccess: () => onResolved('Report resolved.') })} />
        ))}
      </ul>
    </AdminPanel>
  );
}

function ReportItem({ report, busy, onResolve }: { report: AdminListingReport; busy: boolean; onResolve: () => void }) {
  const zone = useDefaultTimeZone();
  const who = report.reporter ? `${report.reporter.name} (${report.reporter.email})` : 'A deleted account';
  return (
    <li className="flex flex-wrap items-start gap-3 py-3 text-sm">
      <div className="min-w-0 flex-[1_1_16rem] space-y-1">
        <p className="whitespace-pre-line break-words text-slate-900">{report.reason}</p>
        <p className="break-all text-slate-600">
          {who} · {formatShortDateTime(report.created_at, zone)}
        </p>
      </div>
      <Button variant="secondary" disabled={busy} onClick={onResolve} aria-label={`Resolve the report from ${report.reporter?.name ?? 'a deleted account'}`}>
        <Check aria-hidden="true" className="size-4" /> {busy ? 'Resolving…' : 'Resolve'}
      </Button>
    </li>
  );
}
