import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import { ADMIN_USER_DETAIL_LIMIT, type AdminUserDetail, type AdminUserSummary, type AdminUsersQuery, type UserRole } from '@parkly/shared/admin-users';
import type { Database, Queryable } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { revokeUserSessions } from '../../accounts/sessions.repository';
import { SESSION_IDLE_MS } from '../../accounts/sessions';
import { enqueueMail } from '../../mail/mail.service';
import { accountReinstatedMail, accountSuspendedMail } from '../../mail/templates/moderation-mails';
import { publish } from '../../realtime/publish';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-users.repository';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

const USER_NOT_FOUND = 'There is no such user.';

function toSummary(row: repo.UserSummaryRow): AdminUserSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email ?? '',
    phone: row.phone,
    role: row.role,
    host: row.host_user,
    id_verification_status: row.id_verification_status,
    suspended_at: isoOrNull(row.suspended_at),
    created_at: iso(row.created_at),
  };
}

export async function searchUsers(db: Queryable, query: AdminUsersQuery) {
  const { rows, total } = await repo.searchUsers(db, query);
  return { result: rows.map(toSummary), page: { page: query.page, page_size: ADMIN_PAGE_SIZE, total } };
}

/** One account as the console shows it: profile, listings, bookings as a guest, live sessions, ID, suspension. */
export async function getUser(db: Queryable, id: string): Promise<AdminUserDetail> {
  const row = await repo.findUser(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  const [id_doc, counts, listings, bookings, sessions] = await Promise.all([
    repo.latestGovernmentId(db, id),
    repo.countsOf(db, id),
    repo.listingsOf(db, id, ADMIN_USER_DETAIL_LIMIT),
    repo.bookingsAsGuest(db, id, ADMIN_USER_DETAIL_LIMIT),
    repo.liveSessionsOf(db, id, SESSION_IDLE_MS, ADMIN_USER_DETAIL_LIMIT),
  ]);
  return {
    ...toSummary(row),
    suspension_reason: row.suspension_reason,
    location_label: row.location_label,
    government_id: id_doc
      ? { status: id_doc.status, original_name: id_doc.original_name, uploaded_at: iso(id_doc.created_at), reviewed_at: isoOrNull(id_doc.reviewed_at) }
      : null,
    listings: listings.map((l) => ({ ...l, status: l.status as AdminUserDetail['listings'][number]['status'], created_at: iso(l.created_at) })),
    listings_total: counts.listings,
    bookings_total: counts.bookings,
    bookings: bookings.map((b) => ({
      ...b,
      status: b.status as AdminUserDetail['bookings'][number]['status'],
      total: Number(b.total),
      start: iso(b.start),
      end: iso(b.end),
      created_at: iso(b.created_at),
    })),
    sessions: sessions.map((s) => ({ ...s, created_at: iso(s.created_at), last_seen_at: iso(s.last_seen_at) })),
  };
}

/** The account's state as the audit log keeps it before and after a change. */
const auditState = (row: repo.UserDetailRow) => ({
  role: row.role,
  suspended_at: isoOrNull(row.suspended_at),
  suspension_reason: row.suspension_reason,
});

/**
 * Locks the active admins, then the account to change, always in that order: two admins acting on
 * each other at once wait for one another instead of deadlocking, and cannot both remove the other.
 */
async function lockForChange(tx: Queryable, id: string) {
  const activeAdmins = await repo.lockActiveAdmins(tx);
  const row = await repo.findUser(tx, id, { lock: true });
  if (!row) throw notFound(USER_NOT_FOUND);
  /** refuses a change that would leave no admin able to act */
  const assertNotLastAdmin = (message: string) => {
    if (activeAdmins.every((a) => a === id)) throw new AppError('CONFLICT', message);
  };
  return { before: row, assertNotLastAdmin };
}

/**
 * Suspends an account in one transaction: the account is marked (login refuses it), every session is
 * revoked (its tokens answer 401 at once), and its listings that guests can find or soon could are
 * taken down with the account, so they leave search now. Bookings are left as they are: a confirmed
 * future booking at one of the host's spaces still stands (the guest paid and may be on their way), and
 * cancelling or refunding it is a decision for an admin in the bookings area, not a side effect of this.
 */
export async function suspendUser(db: Database, actor: AdminActor, id: string, reason: string, publicUrl: string) {
  if (id === actor.id) throw new AppError('CONFLICT', 'You cannot suspend your own account.');
  await db.transaction(async (tx) => {
    const { before, assertNotLastAdmin } = await lockForChange(tx, id);
    if (before.suspended_at) throw new AppError('CONFLICT', 'This account is already suspended.');
    if (before.role === 'admin') assertNotLastAdmin('This is the last active admin: make someone else an admin first.');
    await repo.markSuspended(tx, id, reason);
    await revokeUserSessions(tx, id);
    // their open sockets close too, on whichever instance holds them, when this commits
    await publish(tx, [id], { type: 'signed_out', data: { reason: 'suspended' } });
    if (before.email) await enqueueMail(tx, { to: before.email, ...accountSuspendedMail({ name: before.name, reason, url: `${publicUrl}/contact` }) });
    const listings = await repo.suspendListingsOfHost(tx, id);
    const after = (await repo.findUser(tx, id))!;
    await recordAdminAction(tx, actor, {
      action: 'user.suspend',
      subjectType: 'user',
      subjectId: id,
      before: auditState(before),
      after: { ...auditState(after), listings_taken_down: listings.map((l) => ({ id: l.id, status_before: l.status_before_suspension })) },
      reason,
    });
  });
  return getUser(db, id);
}

/** Lifts a suspension: the account can log in again and the listings taken down with it come back as they were. */
export async function reinstateUser(db: Database, actor: AdminActor, id: string, publicUrl: string) {
  await db.transaction(async (tx) => {
    const { before } = await lockForChange(tx, id);
    if (!before.suspended_at) throw new AppError('CONFLICT', 'This account is not suspended.');
    await repo.clearSuspension(tx, id);
    const listings = await repo.restoreListingsOfHost(tx, id);
    if (before.email) await enqueueMail(tx, { to: before.email, ...accountReinstatedMail({ name: before.name, url: `${publicUrl}/login` }) });
    const after = (await repo.findUser(tx, id))!;
    await recordAdminAction(tx, actor, {
      action: 'user.reinstate',
      subjectType: 'user',
      subjectId: id,
      before: auditState(before),
      after: { ...auditState(after), listings_restored: listings.map((l) => ({ id: l.id, status: l.status })) },
    });
  });
  return getUser(db, id);
}

/** Makes an account an admin or takes it back to a user; the marketplace always keeps one active admin. */
export async function changeRole(db: Database, actor: AdminActor, id: string, role: UserRole) {
  await db.transaction(async (tx) => {
    const { before, assertNotLastAdmin } = await lockForChange(tx, id);
    if (before.role === role) return;
    if (role === 'admin' && before.suspended_at) throw new AppError('CONFLICT', 'Reinstate this account before making it an admin.');
    if (role === 'user') assertNotLastAdmin('This is the last admin: make someone else an admin first.');
    await repo.setRole(tx, id, role);
    await recordAdminAction(tx, actor, {
      action: 'user.role',
      subjectType: 'user',
      subjectId: id,
      before: auditState(before),
      after: { ...auditState(before), role },
    });
  });
  return getUser(db, id);
}
