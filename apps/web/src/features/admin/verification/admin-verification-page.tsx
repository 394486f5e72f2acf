import type { AdminIdDocument } from '@parkly/shared/admin-verification';
import { formatShortDateTime } from '@parkly/shared/time';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { VerificationBadge } from '../../../components/account/verification-status';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useIdQueue } from './get-id-queue';
import { fileKind, fileSize } from './id-document-facts';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';
import { AdminTable } from '../components/admin-table';

const STATUS_OPTIONS = [
  { value: '', label: 'All (waiting first)' },
  { value: 'pending', label: 'Waiting for review' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/** /admin/verification: the government IDs people uploaded, the ones waiting first (oldest first). */
export default function AdminVerificationPage() {
  const list = useAdminList();
  const queue = useIdQueue(list.apiQuery(['status']));
  return (
    <AdminPage title="ID checks" intro="Government IDs uploaded by hosts and drivers. Open one to see the document and approve or reject it.">
      <AdminListToolbar list={list} search={{ label: 'Search ID documents by person', placeholder: 'Name or e-mail' }} filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]} />
      <AdminListResults
        query={queue}
        title="Documents"
        loading="Loading ID documents"
        empty={list.filter('status') === 'pending' && !list.q ? 'No ID is waiting for review.' : 'No document matches.'}
        onPage={list.setPage}
      >
        {(rows) => <DocumentList docs={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

const reviewHref = (d: AdminIdDocument) => `/admin/verification/${encodeURIComponent(d.id)}`;

/** A table on wide screens, a stack of cards on phones (each shows the same facts). */
function DocumentList({ docs }: { docs: AdminIdDocument[] }) {
  const zone = useDefaultTimeZone();
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden">
        {docs.map((d) => (
          <li key={d.id}>
            <Link to={reviewHref(d)} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="font-semibold break-words text-slate-900">{d.user.name}</p>
                <p className="text-sm break-all text-slate-700">{d.user.email}</p>
                <p className="text-sm text-slate-700">
                  {fileKind(d.mime_type)}, {fileSize(d.size_bytes)} · sent {formatShortDateTime(d.uploaded_at, zone)}
                </p>
                <VerificationBadge status={d.status} />
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <AdminTable caption="ID documents" columns={['Person', 'Sent', 'File', 'Status', { label: 'Open', hidden: true }]}>
        {docs.map((d) => (
          <tr key={d.id} className="align-top hover:bg-slate-50">
            <td className="py-3 pr-3">
              <span className="font-semibold text-slate-900">{d.user.name}</span>
              <span className="block break-all text-slate-600">{d.user.email}</span>
            </td>
            <td className="py-3 pr-3 whitespace-nowrap text-slate-700">{formatShortDateTime(d.uploaded_at, zone)}</td>
            <td className="py-3 pr-3 text-slate-700">
              {fileKind(d.mime_type)}, {fileSize(d.size_bytes)}
            </td>
            <td className="py-3 pr-3">
              <VerificationBadge status={d.status} />
              {!d.is_latest && <span className="mt-1 block text-xs text-slate-600">Replaced by a newer upload</span>}
            </td>
            <td className="py-3 text-right">
              <Link to={reviewHref(d)} className="font-semibold whitespace-nowrap text-brand-800 underline-offset-2 hover:underline" aria-label={`${d.status === 'pending' ? 'Review' : 'View'} the ID of ${d.user.name}`}>
                {d.status === 'pending' ? 'Review' : 'View'}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
