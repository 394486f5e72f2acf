import type { AdminUserDetail } from '@parkly/shared/admin-users';
import { BOOKING_STATUS_LABELS } from '@parkly/shared/booking-lifecycle';
import { formatPeriod, formatShortDate, formatShortDateTime } from '@parkly/shared/time';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { VerificationBadge } from '../../../components/account/verification-status';
import { ListingStatusBadge } from '../../../components/parking/listing-status-badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { ListNotice } from '../../../components/ui/list-notice';
import { formatMoney } from '../../../lib/money';
import { useDefaultTimeZone } from '../../../lib/use-default-time-zone';
import { useListActions } from '../../../lib/use-list-actions';
import { useProfile } from '../../accounts/api/get-profile';
import { AdminPage, AdminPanel, AdminRecord, BackLink } from '../components/admin-page';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { useChangeUserRole } from './change-user-role';
import { useAdminUser } from './get-user';
import { useReinstateUser } from './reinstate-user';
import { useSuspendUser } from './suspend-user';
import { AccountStatusBadge, AdminBadge, HostBadge } from './user-badges';

const backLink = <BackLink to="/admin/users">All users</BackLink>;

/** /admin/users/:id: one account in full, with suspend/reinstate and the admin role. */
export default function AdminUserPage() {
  const { id = '' } = useParams();
  const user = useAdminUser(id);
  if (!user.data) {
    return (
      <AdminPage title="User">
        <div className="space-y-4">
          <AdminRecord query={user} loading="Loading the account" missing="There is no such user. They may have deleted their account." />
          {backLink}
        </div>
      </AdminPage>
    );
  }
  return <UserView user={user.data} />;
}

function UserView({ user }: { user: AdminUserDetail }) {
  const zone = useDefaultTimeZone();
  const me = useProfile().data;
  const isMe = me?.id === user.id;
  const actions = useListActions<never>();
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  const changeRole = useChangeUserRole();
  const [dialog, setDialog] = useState<'suspend' | 'reinstate' | 'role' | null>(null);
  const suspended = user.suspended_at !== null;
  const nextRole = user.role === 'admin' ? 'user' : 'admin';

  const confirm = async (action: () => Promise<string>) => {
    await actions.run(action);
    setDialog(null);
  };

  return (
    <AdminPage
      title={user.name}
      intro={
        <span className="flex flex-wrap items-center gap-1.5">
          <AccountStatusBadge suspended={suspended} />
          {user.role === 'admin' && <AdminBadge />}
          {user.host && <HostBadge />}
        </span>
      }
      actions={
        <>
          {suspended ? (
            <Button onClick={() => setDialog('reinstate')}>Reinstate</Button>
          ) : (
            !isMe && (
              <Button variant="danger" onClick={() => setDialog('suspend')}>
                Suspend
              </Button>
            )
          )}
          {!(suspended && user.role !== 'admin') && (
            <Button variant="secondary" onClick={() => setDialog('role')}>
              {user.role === 'admin' ? 'Remove admin' : 'Make admin'}
            </Button>
          )}
        </>
      }
    >
      <div className="space-y-4">
        {backLink}
        <ListNotice note={actions.note} noteRef={actions.noteRef} error={actions.actionError} inPanel />
        {isMe && <p className="text-sm text-slate-600">This is your own account: you cannot suspend it.</p>}
        {suspended && (
          <section aria-label="Suspension" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <h2 className="font-semibold">Suspended since {formatShortDateTime(user.suspended_at!, zone)}</h2>
            <p className="mt-1 whitespace-pre-line">{user.suspension_reason}</p>
            <p className="mt-2 text-red-800">They cannot log in, and their listings are out of search until the account is reinstated.</p>
          </section>
        )}
        <div className="grid gap-4 lg:grid-cols-2">
          <AdminPanel title="Profile">
            <Facts
              rows={[
                ['E-mail', <span className="break-all">{user.email}</span>],
                ['Phone', user.phone ?? 'Not given'],
                ['Location', user.location_label ?? 'Not set'],
                ['Joined', formatShortDate(user.created_at, zone)],
                ['Role', user.role === 'admin' ? 'Admin' : 'User'],
                ['Host', user.host ? 'Yes' : 'No'],
              ]}
            />
          </AdminPanel>
          <AdminPanel title="Government ID">
            <div className="space-y-2 text-sm">
              <VerificationBadge status={user.id_verification_status} />
              {user.government_id ? (
                <p className="text-slate-700">
                  {user.government_id.original_name}, sent {formatShortDateTime(user.government_id.uploaded_at, zone)}
                  {user.government_id.reviewed_at && `, reviewed ${formatShortDateTime(user.government_id.reviewed_at, zone)}`}.{' '}
                  <Link to="/admin/verification" className="font-medium text-brand-700 underline underline-offset-2">
                    ID checks
                  </Link>
                </p>
              ) : (
                <p className="text-slate-600">No ID document on file.</p>
              )}
            </div>
          </AdminPanel>
        </div>
        <AdminPanel title={`Listings (${user.listings_total})`}>
          <MoreThanShown shown={user.listings.length} total={user.listings_total} />
          {user.listings.length === 0 ? (
            <p className="text-sm text-slate-600">No listings.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {user.listings.map((l) => (
                <li key={l.id} className="flex flex-col gap-1.5 py-2.5 text-sm sm:flex-row sm:items-center sm:gap-3">
                  <span className="min-w-0 font-medium break-words text-slate-900 sm:flex-1">
                    {l.status === 'active' ? (
                      <Link to={`/parking/${l.id}`} className="text-brand-800 underline-offset-2 hover:underline">
                        {l.title ?? 'Untitled listing'}
                      </Link>
                    ) : (
                      (l.title ?? 'Untitled listing')
                    )}
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    <ListingStatusBadge status={l.status} />
                    {l.suspended_with_account && <span className="text-xs text-slate-600">taken down with the account</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminPanel>
        <AdminPanel title={`Bookings as a guest (${user.bookings_total})`}>
          <MoreThanShown shown={user.bookings.length} total={user.bookings_total} />
          {user.bookings.length === 0 ? (
            <p className="text-sm text-slate-600">No bookings.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {user.bookings.map((b) => (
                <li key={b.id} className="grid gap-1 py-2.5 text-sm sm:grid-cols-[1fr_auto] sm:gap-x-4">
                  <span className="font-medium break-words text-slate-900">{b.listing_title ?? 'Untitled listing'}</span>
                  <span className="font-semibold text-slate-900 tabular-nums sm:text-right">{formatMoney(b.total, b.currency)}</span>
                  <span className="text-slate-700">{formatPeriod(b.start, b.end, zone)}</span>
                  <span className="text-slate-700 sm:text-right">{BOOKING_STATUS_LABELS[b.status]}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminPanel>
        <AdminPanel title={`Signed in on (${user.sessions.length})`}>
          {user.sessions.length === 0 ? (
            <p className="text-sm text-slate-600">No live sessions.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {user.sessions.map((s) => (
                <li key={s.id} className="space-y-0.5 py-2.5 text-sm">
                  <p className="font-medium break-words text-slate-900">{s.user_agent ?? 'Unknown browser'}</p>
                  <p className="text-slate-700">
                    IP {s.ip ?? 'unknown'} · since {formatShortDateTime(s.created_at, zone)} · last seen {formatShortDateTime(s.last_seen_at, zone)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </AdminPanel>
      </div>

      <ReasonDialog
        open={dialog === 'suspend'}
        onOpenChange={(open) => setDialog(open ? 'suspend' : null)}
        title={`Suspend ${user.name}?`}
        description="They are signed out everywhere and cannot log in, and their listings leave search at once. Confirmed bookings at their spaces stay as they are."
        label="Reason (kept in the audit log)"
        confirmLabel="Suspend"
        danger
        onConfirm={async (reason) => {
          await suspend.mutateAsync({ id: user.id, reason });
          actions.announce(`${user.name} is suspended.`);
        }}
      />
      <ConfirmDialog
        open={dialog === 'reinstate'}
        onOpenChange={(open) => setDialog(open ? 'reinstate' : null)}
        title={`Reinstate ${user.name}?`}
        description="They can log in again, and the listings taken down with the account come back as they were."
        confirmLabel="Reinstate"
        busyLabel="Reinstating…"
        busy={reinstate.isPending}
        onConfirm={() =>
          void confirm(async () => {
            await reinstate.mutateAsync(user.id);
            return `${user.name} is reinstated.`;
          })
        }
      />
      <ConfirmDialog
        open={dialog === 'role'}
        onOpenChange={(open) => setDialog(open ? 'role' : null)}
        title={nextRole === 'admin' ? `Make ${user.name} an admin?` : `Remove ${user.name} as admin?`}
        description={
          nextRole === 'admin'
            ? 'Admins can see every account, suspend users, refund bookings and edit the site.'
            : isMe
              ? 'You will lose access to the console at once.'
              : 'They keep their account but lose access to the console.'
        }
        confirmLabel={nextRole === 'admin' ? 'Make admin' : 'Remove admin'}
        busyLabel="Saving…"
        busy={changeRole.isPending}
        danger={nextRole === 'user'}
        onConfirm={() =>
          void confirm(async () => {
            await changeRole.mutateAsync({ id: user.id, role: nextRole });
            return nextRole === 'admin' ? `${user.name} is now an admin.` : `${user.name} is no longer an admin.`;
          })
        }
      />
    </AdminPage>
  );
}

function MoreThanShown({ shown, total }: { shown: number; total: number }) {
  return shown < total ? <p className="-mt-1 mb-2 text-sm text-slate-600">The {shown} most recent are shown.</p> : null;
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
