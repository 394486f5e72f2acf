import { SUPPORT_KIND_LABELS, SUPPORT_KINDS, SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type AdminSupportItem, type SupportKind } from '@parkly/shared/admin-support';
import { formatShortDateTime } from '@parkly/shared/time';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useSupportList } from './api/get-support-list';
import { SupportStatusBadge } from './support-status-badge';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';

const STATUS_OPTIONS = [{ value: '', label: 'Any status' }, ...SUPPORT_STATUSES.map((s) => ({ value: s, label: SUPPORT_STATUS_LABELS[s] }))];
const isKind = (s: string): s is SupportKind => (SUPPORT_KINDS as readonly string[]).includes(s);

/** /admin/support: contact-form messages and the questions the help assistant could not answer. */
export default function AdminSupportPage() {
  const list = useAdminList();
  const kind: SupportKind = isKind(list.filter('kind')) ? (list.filter('kind') as SupportKind) : 'contact';
  const messages = useSupportList(list.apiQuery(['kind', 'status']));
  return (
    <AdminPage title="Support" intro="Messages sent through the contact form, and questions the help assistant could not answer. Open ones come first, the longest waiting on top.">
      <div role="group" aria-label="Inbox" className="mb-4 inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-1">
        {SUPPORT_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            onClick={() => list.setFilter('kind', k === 'contact' ? '' : k)}
            className={`rounded-md px-3 py-2 text-sm font-semibold ${kind === k ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {SUPPORT_KIND_LABELS[k]}
          </button>
        ))}
      </div>
      <AdminListToolbar list={list} search={{ label: 'Search messages', placeholder: 'Name, e-mail or words' }} filters={[{ name: 'status', label: 'Status', options: STATUS_OPTIONS }]} />
      <AdminListResults query={messages} title={SUPPORT_KIND_LABELS[kind]} loading="Loading messages" empty={`Nothing here${list.q ? ` for “${list.q}”` : ''}.`} onPage={list.setPage}>
        {(rows) => <MessageList items={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

/** One list for every width: each message a row that wraps into a card on a phone. */
function MessageList({ items }: { items: AdminSupportItem[] }) {
  const zone = useDefaultTimeZone();
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((m) => (
        <li key={m.id}>
          <Link to={`/admin/support/${m.kind}/${m.id}`} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <SupportStatusBadge status={m.status} />
                <span className="font-semibold break-words text-slate-900">{m.subject}</span>
              </p>
              <p className="text-sm break-all text-slate-700">
                {m.name ?? 'Visitor (not signed in)'}
                {m.email && ` · ${m.email}`}
              </p>
              <p className="text-xs text-slate-600">
                Received {formatShortDateTime(m.created_at, zone)}
                {m.answered_at && ` · answered ${formatShortDateTime(m.answered_at, zone)}`}
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
