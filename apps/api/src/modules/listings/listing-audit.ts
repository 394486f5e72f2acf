/**
 * An admin may change anyone's listing through the host's own calls (ownedListing lets them). Such a
 * change is an admin action like the console's: written to the audit log (GET admin/audit) in the
 * transaction that makes it, with what it changed before and after. A host changing their own listing
 * writes nothing, whether or not they are also an admin.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { currentUser } from '../../plugins/auth';
import { recordAdminAction, type AdminAction } from '../admin/admin-audit';
import type { Actor } from './listing-access';
import type { ListingRow } from './listing-row';

/** The signed-in user of a listing call, with the address the audit log records. */
export function listingActor(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id, role: user.role, ip: request.ip ?? null };
}

const actsAsAdmin = (actor: Actor, listing: Pick<ListingRow, 'host_id'>) => actor.role === 'admin' && listing.host_id !== actor.id;

/** Records `change` on `listing` when the actor is an admin acting on someone else's listing. */
export async function auditAdminChange(tx: Queryable, actor: Actor, listing: Pick<ListingRow, 'id' | 'host_id'>, change: Omit<AdminAction, 'subjectType' | 'subjectId'>) {
  if (!actsAsAdmin(actor, listing)) return;
  await recordAdminAction(tx, { id: actor.id, ip: actor.ip ?? null }, { ...change, subjectType: 'listing', subjectId: listing.id });
}

/** The columns among `columns` whose values differ, as they were and as they are; null when none does. */
export function changedColumns(before: ListingRow, after: ListingRow, columns: readonly string[]) {
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const column of columns) {
    const a = before[column as keyof ListingRow];
    const b = after[column as keyof ListingRow];
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[column] = a;
      is[column] = b;
    }
  }
  return Object.keys(is).length ? { before: was, after: is } : null;
}
