import type { AdminUserSummary } from '@parkly/shared/admin-users';
import { formatShortDate } from '@parkly/shared/time';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { VerificationBadge } from '../../../components/account/verification-status';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { AdminPage } from '../components/admin-page';
import { useAdminList } from '../components/use-admin-list';
import { useAdminUsers } from './get-users';
import { AccountStatusBadge, AdminBadge, HostBadge } from './user-badges';
import { AdminListResults, AdminListToolbar } from '../components/admin-list';
import { AdminTable } from '../components/admin-table';

const ROLE_OPTIONS = [
  { value: '', label: 'Everyone' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: 'Admins' },
];
const STATUS_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
];

/** /admin/users: find an account by name, e-mail or phone; filter by role and suspension. */
export default function AdminUsersPage() {
  const list = useAdminList();
  const users = useAdminUsers(list.apiQuery(['role', 'status']));
  return (
    <AdminPage title="Users" intro="Find an account by name, e-mail or phone, then open it to see its listings, bookings and sessions.">
      <AdminListToolbar
        list={list}
        search={{ label: 'Search users', placeholder: 'Name, e-mail or phone' }}
        filters={[
          { name: 'role', label: 'Role', options: ROLE_OPTIONS },
          { name: 'status', label: 'Status', options: STATUS_OPTIONS },
        ]}
      />
      <AdminListResults query={users} title="Accounts" loading="Loading users" empty={`No account matches${list.q ? ` “${list.q}”` : ''}.`} onPage={list.setPage}>
        {(rows) => <UsersList users={rows} />}
      </AdminListResults>
    </AdminPage>
  );
}

function Badges({ u }: { u: AdminUserSummary }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <AccountStatusBadge suspended={u.suspended_at !== null} />
      {u.role === 'admin' && <AdminBadge />}
      {u.host && <HostBadge />}
    </span>
  );
}

/** A table on wide screens, a stack of cards on phones (each shows the same facts). */
function UsersList({ users }: { users: AdminUserSummary[] }) {
  const zone = useDefaultTimeZone();
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden">
        {users.map((u) => (
          <li key={u.id}>
            <Link to={`/admin/users/${u.id}`} className="flex items-center gap-3 rounded-lg px-1 py-3 hover:bg-slate-50">
              <div className="min-w-0 flex-1 space-y-1.5">
                <p className="font-semibold break-words text-slate-900">{u.name}</p>
                <p className="text-sm break-all text-slate-700">{u.email}</p>
                {u.phone && <p className="text-sm text-slate-700">{u.phone}</p>}
                <Badges u={u} />
                <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  <span>ID:</span> <VerificationBadge status={u.id_verification_status} />
                  <span>Joined {formatShortDate(u.created_at, zone)}</span>
                </p>
              </div>
              <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
            </Link>
          </li>
        ))}
      </ul>
      <AdminTable caption="Accounts found" columns={['Name', 'E-mail and phone', 'Account', 'ID', 'Joined']}>
        {users.map((u) => (
          <tr key={u.id} className="align-top hover:bg-slate-50">
            <td className="py-3 pr-3">
              <Link to={`/admin/users/${u.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                {u.name}
              </Link>
            </td>
            <td className="py-3 pr-3 text-slate-700">
              <span className="break-all">{u.email}</span>
              {u.phone && <span className="block text-slate-600">{u.phone}</span>}
            </td>
            <td className="py-3 pr-3">
              <Badges u={u} />
            </td>
            <td className="py-3 pr-3">
              <VerificationBadge status={u.id_verification_status} />
            </td>
            <td className="py-3 whitespace-nowrap text-slate-700">{formatShortDate(u.created_at, zone)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  );
}
