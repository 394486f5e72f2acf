import type { AdminListingRow } from '@parkly/shared/admin-listings';
import { formatShortDate } from '@parkly/shared/time';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ListingCover } from '../../../components/parking/listing-cover';
import { ListingStatusBadge } from '../../../components/parking/listing-status-badge';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useAdminListings } from './get-admin-listings';
import { ReportCount } from './report-count';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';
import { AdminTable } from '../components/admin-table';

const STATUS_OPTIONS = [
  { value: '', label: 'Any (not deleted)' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
  { value: 'pending_review', label: 'In review' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'rejected', label: 'Not approved' },
  { value: 'draft', label: 'Draft' },
  { value: 'deleted', label: 'Deleted' },
];
const REPORT_OPTIONS = [
  { value: '', label: 'Any' },
  { value: '1', label: 'With open reports' },
];

/** /admin/listings: find a listing by title, address or host; filter by status and open reports. */
export default function AdminListingsPage() {
  const list = useAdminList();
  const listings = useAdminListings(list.apiQuery(['status', 'reported']));
  return (
    <AdminPage title="Listings" intro="Find a listing by its title, address or host, then open it to see its reports and suspend or reinstate it.">
      <AdminListToolbar
        list={list}
        search={{ label: 'Search listings', placeholder: 'Title, address, locality, host name or e-mail' }}
        filters={[
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
          { name: 'reported', label: 'Reports', options: REPORT_OPTIONS },
        ]}
      />
      <AdminListResults query={listings} title="Listings found" loading="Loading listings" empty={`No listing matches${list.q ? ` “${list.q}”` : ''}.`} onPage={list.setPage}>
        {(rows) => <ListingRows listings={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

const hrefOf = (l: AdminListingRow) => `/admin/listings/${encodeURIComponent(l.id)}`;
const placeOf = (l: AdminListingRow) => [l.locality, l.city].filter(Boolean).join(', ') || 'No address yet';
const titleOf = (l: AdminListingRow) => l.title || 'Untitled listing';

/** A table on wide screens, a stack of cards on phones (each shows the same facts). */
function ListingRows({ listings }: { listings: AdminListingRow[] }) {
  const zone = useDefaultTimeZone();
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden">
        {listings.map((l) => (
          <li key={l.id}>
            <Link to={hrefOf(l)} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
              <ListingCover src={l.cover_thumb_url} parkingType={l.parking_type} compact className="size-16 shrink-0 rounded-lg" />
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-semibold break-words text-slate-900">{titleOf(l)}</p>
                <p className="text-sm text-slate-700">{placeOf(l)}</p>
                <p className="text-sm break-all text-slate-600">
                  {l.host.name} · {l.host.email}
                </p>
                <span className="flex flex-wrap gap-1.5">
                  <ListingStatusBadge status={l.status} />
                  <ReportCount n={l.open_reports} />
                </span>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <AdminTable caption="Listings found" columns={['Listing', 'Host', 'Status', 'Changed']}>
        {listings.map((l) => (
          <tr key={l.id} className="align-top hover:bg-slate-50">
            <td className="py-3 pr-3">
              <div className="flex items-start gap-3">
                <ListingCover src={l.cover_thumb_url} parkingType={l.parking_type} compact className="size-12 shrink-0 rounded-md" />
                <div className="min-w-0">
                  <Link to={hrefOf(l)} className="font-semibold break-words text-brand-800 underline-offset-2 hover:underline">
                    {titleOf(l)}
                  </Link>
                  <span className="block text-slate-600">{placeOf(l)}</span>
                </div>
              </div>
            </td>
            <td className="py-3 pr-3 text-slate-700">
              {l.host.name}
              <span className="block break-all text-slate-600">{l.host.email}</span>
            </td>
            <td className="py-3 pr-3">
              <span className="flex flex-wrap gap-1.5">
                <ListingStatusBadge status={l.status} />
                <ReportCount n={l.open_reports} />
              </span>
            </td>
            <td className="py-3 whitespace-nowrap text-slate-700">{formatShortDate(l.updated_at, zone)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
