/**
 * Every admin action is written to the audit log in the transaction that makes it: who, what, on
 * which object, the state before and after, and the reason given. The console's audit view reads it.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { currentUser } from '../../plugins/auth';
import { insertAuditEntry } from '../accounts/accounts.repository';

export interface AdminActor {
  id: string;
  ip: string | null;
}

export const adminActor = (request: FastifyRequest): AdminActor => ({ id: currentUser(request).id, ip: request.ip ?? null });

export interface AdminAction {
  /** dotted, past-tense-free verb: 'user.suspend', 'listing.reinstate', 'blog.update', … */
  action: string;
  subjectType: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export async function recordAdminAction(tx: Queryable, actor: AdminActor, a: AdminAction) {
  await insertAuditEntry(tx, {
    actorId: actor.id,
    action: a.action,
    subjectType: a.subjectType,
    subjectId: a.subjectId,
    details: { before: a.before ?? null, after: a.after ?? null, ...(a.reason !== undefined && { reason: a.reason }) },
    ip: actor.ip,
  });
}
