import { PARKING_TYPES } from '@parkly/shared/catalog';
import type { AdminListingDetail } from '@parkly/shared/admin-listings';
import { formatShortDate, formatShortDateTime } from '@parkly/shared/time';
import { Ban, CircleCheck, ExternalLink, RotateCcw, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { VerificationBadge } from '../../../components/account/verification-status';
import { statusLabel, ListingStatusBadge } from '../../../components/parking/listing-status-badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ListNotice } from '../../../components/ui/list-notice';
import { formatMoney } from '../../../lib/money';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { useListActions } from '../../../lib/use-list-actions';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useAdminListing } from './get-admin-listing';
import { useModerateListing } from './moderate-listing';
import { ReportCount } from './report-count';
import { OpenReports } from './open-reports';

const backLink = <BackLink to="/admin/listings">All listings</BackLink>;

/** /admin/listings/:id: one listing in full, its open reports, and suspend/reinstate or approve/reject. */
export default function AdminListingPage() {
  const { id = '' } = useParams();
  const listing = useAdminListing(id);
  if (!listing.data) {
    return (
      <AdminPage title="Listing">
        <div className="space-y-4">
          <AdminRecord query={listing} loading="Loading the listing" missing="There is no such listing." />
          {backLink}
        </div>
      </AdminPage>
    );
  }
  return <ListingView listing={listing.data} />;
}

type Dialog = 'suspend' | 'reinstate' | 'reject' | null;

function ListingView({ listing }: { listing: AdminListingDetail }) {
  const zone = useDefaultTimeZone();
  const actions = useListActions<never>();
  const moderate = useModerateListing();
  const [dialog, setDialog] = useState<Dialog>(null);
  const title = listing.title || 'Untitled listing';
  const { status } = listing;
  const type = listing.parking_type ? PARKING_TYPES[listing.parking_type].label : 'Not set';
  const a = listing.address;
  const rates = [listing.hourly_rate !== null && `${formatMoney(listing.hourly_rate, listing.currency)} an hour`, listing.daily_rate !== null && `${formatMoney(listing.daily_rate, listing.currency)} a day`].filter(Boolean).join(', ');

  const approve = () => void actions.run(async () => (await moderate.mutateAsync({ id: listing.id, action: 'approve' }), 'Approved: the listing is live.'));
  const reinstate = async () => {
    await actions.run(async () => (await moderate.mutateAsync({ id: listing.id, action: 'reinstate' }), 'Reinstated: the host has been told.'));
    setDialog(null);
  };

  return (
    <AdminPage
      title={title}
      intro={
        <span className="flex flex-wrap items-center gap-1.5">
          <ListingStatusBadge status={status} />
          <ReportCount n={listing.open_reports} />
        </span>
      }
      actions={
        <>
          {status === 'pending_review' && (
            <>
              <Button disabled={moderate.isPending} onClick={approve}>
                <CircleCheck aria-hidden="true" className="size-4" /> Approve
              </Button>
              <Button variant="secondary" onClick={() => setDialog('reject')}>
                <XCircle aria-hidden="true" className="size-4" /> Reject
              </Button>
            </>
          )}
          {status === 'suspended' ? (
            <Button onClick={() => setDialog('reinstate')}>
              <RotateCcw aria-hidden="true" className="size-4" /> Reinstate
            </Button>
          ) : (
            status !== 'deleted' && (
              <Button variant="danger" onClick={() => setDialog('suspend')}>
                <Ban aria-hidden="true" className="size-4" /> Suspend
              </Button>
            )
          )}
          {(status === 'active' || status === 'paused') && (
            <Link to={`/parking/${encodeURIComponent(listing.id)}`} className={buttonClass('secondary')}>
              <ExternalLink aria-hidden="true" className="size-4" /> Public page
            </Link>
          )}
        </>
      }
    >
      <div className="space-y-4">
        {backLink}
        <ListNotice note={actions.note} noteRef={actions.noteRef} error={actions.actionError} inPanel />
        {status === 'suspended' && (
          <section aria-label="Suspension" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <h2 className="font-semibold">{listing.suspended_with_account ? "Taken down with the host's account" : 'Suspended'}</h2>
            {listing.moderation_reason && <p className="mt-1 whitespace-pre-line">Reason given to the host: {listing.moderation_reason}</p>}
            {listing.status_before_suspension && <p className="mt-2 text-red-800">Reinstating puts it back as: {statusLabel(listing.status_before_suspension)}.</p>}
          </section>
        )}
        {status === 'rejected' && listing.moderation_reason && (
          <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">Not approved: {listing.moderation_reason}</p>
        )}
        <OpenReports listing={listing} onResolved={(text) => actions.announce(text)} />
        <div className="grid gap-4 lg:grid-cols-2">
          <AdminPanel title="Details">
            <Facts
              rows={[
                ['Type', type],
                ['Address', [a.line1, a.locality, a.city, a.state, a.postal_code].filter(Boolean).join(', ') || 'Not given'],
                ['Spaces', String(listing.capacity)],
                ['Rates', rates || 'Not set'],
                ['Created', formatShortDate(listing.created_at, zone)],
                ['First published', listing.published_at ? formatShortDateTime(listing.published_at, zone) : 'Never'],
              ]}
            />
            {listing.description && <p className="mt-3 text-sm whitespace-pre-line text-slate-700">{listing.description}</p>}
          </AdminPanel>
          <AdminPanel title="Host">
            <Facts
              rows={[
                ['Name', <Link to={`/admin/users/${encodeURIComponent(listing.host.id)}`} className="font-medium text-brand-800 underline underline-offset-2">{listing.host.name}</Link>],
                ['E-mail', <span className="break-all">{listing.host.email}</span>],
                ['Phone', listing.host.phone ?? 'Not given'],
                ['ID', <VerificationBadge status={listing.host.id_verification_status} />],
                ['Account', listing.host.suspended ? 'Suspended' : 'Active'],
              ]}
            />
          </AdminPanel>
        </div>
        <AdminPanel title={`Photos (${listing.photos.length})`}>
          {listing.photos.length === 0 ? (
            <p className="text-sm text-slate-600">No photos.</p>
          ) : (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
              {listing.photos.map((p, i) => (
                <li key={p.id}>
                  <a href={p.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg ring-1 ring-slate-200">
                    <img src={p.thumb_url} alt={`Photo ${i + 1} of ${listing.photos.length}`} loading="lazy" className="aspect-square w-full bg-slate-100 object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </AdminPanel>
      </div>
      <ReasonDialog
        open={dialog === 'suspend'}
        onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
        title={`Suspend “${title}”`}
        description="It leaves search at once and takes no new bookings. The host is told the reason and sees it on their listing."
        label="Reason (the host sees this)"
        confirmLabel="Suspend listing"
        danger
        onConfirm={async (reason) => {
          await moderate.mutateAsync({ id: listing.id, action: 'suspend', reason });
          actions.announce('Suspended: the listing is out of search and the host has been told.');
        }}
      />
      <ReasonDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => setDialog(open ? 'reject' : null)}
        title={`Reject “${title}”`}
        description="The listing does not go live. The host is told the reason."
        label="Reason (the host sees this)"
        confirmLabel="Reject listing"
        danger
        onConfirm={async (reason) => {
          await moderate.mutateAsync({ id: listing.id, action: 'reject', reason });
          actions.announce('Rejected: the host has been told why.');
        }}
      />
      <ConfirmDialog
        open={dialog === 'reinstate'}
        onOpenChange={(open) => setDialog(open ? 'reinstate' : null)}
        title={`Reinstate “${title}”`}
        description={`It goes back to ${listing.status_before_suspension ? statusLabel(listing.status_before_suspension).toLowerCase() : 'its earlier status'}, and the host is told.`}
        confirmLabel="Reinstate"
        busyLabel="Reinstating…"
        busy={moderate.isPending}
        onConfirm={() => void reinstate()}
      />
    </AdminPage>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,8rem)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-600">{k}</dt>
          <dd className="text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
