import { Flag } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useToken } from '../../../lib/use-session';
import { useReportListing } from '../api/report-listing';

// the dialog (Radix, react-hook-form, zod) loads when someone first asks to report, not with the page
const loadReasonDialog = () => import('../../../components/ui/reason-dialog');
const ReasonDialog = lazy(() => loadReasonDialog().then((m) => ({ default: m.ReasonDialog })));

/**
 * 'Report this listing': a signed-in visitor tells the Parkly team what looks wrong (the console's
 * listing moderation shows the open reports). A visitor who is not signed in logs in first. The dialog
 * is the console's reason dialog: the same 1 to 1,000 characters, the server's field error shown in it.
 */
export function ReportListing({ listingId }: { listingId: string }) {
  const token = useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const report = useReportListing();
  const [open, setOpen] = useState(false);
  // mounted from the first open on, so it can close (and hand focus back) as before
  const [asked, setAsked] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const start = () => {
    if (!token) {
      void navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setAsked(true);
    setOpen(true);
  };

  return (
    <div className="mt-8 border-t border-slate-200 pt-6 text-sm">
      <div role="status" className="empty:hidden">
        {sent && <p className="mb-2 text-slate-700">{sent}</p>}
      </div>
      <button type="button" onClick={start} onPointerEnter={() => void loadReasonDialog()} onFocus={() => void loadReasonDialog()} className="inline-flex min-h-10 items-center gap-1.5 font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900">
        <Flag aria-hidden="true" className="size-4" /> Report this listing
      </button>
      {asked && (
        <Suspense fallback={null}>
          <ReasonDialog
            open={open}
            onOpenChange={setOpen}
            title="Report this listing"
            description="Tell our team what looks wrong: a fake or misleading listing, a request to pay outside Parkly, unsafe parking. The host is not told who reported it."
            label="What is wrong?"
            confirmLabel="Send report"
            onConfirm={async (reason) => setSent((await report.mutateAsync({ id: listingId, reason })).message)}
          />
        </Suspense>
      )}
    </div>
  );
}
