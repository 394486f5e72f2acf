import { ADMIN_PAGE_SIZE, type AdminListQuery } from '@parkly/shared/admin';
import type { AdminSupportDetail, AdminSupportItem, SupportKind, SupportStatus } from '@parkly/shared/admin-support';
import type { Database, Queryable } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { isUuid } from '../../../lib/ids';
import { enqueueMail } from '../../mail/mail.service';
import { supportReplyMail } from '../../mail/templates/support-reply';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-support.repository';

const messageNotFound = () => notFound('Message not found');
const SUBJECT_TYPES: Record<SupportKind, string> = { contact: 'contact_message', bot: 'support_question' };

function toItem(row: repo.SupportRow): AdminSupportItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    subject: row.subject,
    created_at: new Date(row.created_at).toISOString(),
    answered_at: row.answered_at ? new Date(row.answered_at).toISOString() : null,
  };
}

function toDetail(row: repo.SupportRow): AdminSupportDetail {
  return {
    ...toItem(row),
    message: row.message,
    user_id: row.user_id,
    reply: row.reply,
    answered_by: row.answered_by_name,
    can_email: Boolean(row.email),
  };
}

export async function listSupport(db: Database, q: AdminListQuery & { kind: SupportKind; status?: SupportStatus }) {
  const { rows, total } = await repo.findSupportPage(db, { kind: q.kind, status: q.status, search: q.q, limit: ADMIN_PAGE_SIZE, offset: (q.page - 1) * ADMIN_PAGE_SIZE });
  return { result: rows.map(toItem), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

export async function getSupportItem(db: Database, kind: SupportKind, id: string): Promise<AdminSupportDetail> {
  const row = isUuid(id) ? await repo.findSupportItem(db, kind, id) : undefined;
  if (!row) throw messageNotFound();
  return toDetail(row);
}

/** Runs `change` on the locked message and records it; answers the message as it is afterwards. */
async function change(db: Database, actor: AdminActor, kind: SupportKind, id: string, action: string, fn: (tx: Queryable, row: repo.SupportRow) => Promise<void>) {
  if (!isUuid(id)) throw messageNotFound();
  return db.transaction(async (tx) => {
    const before = await repo.findSupportItem(tx, kind, id, { lock: true });
    if (!before) throw messageNotFound();
    await fn(tx, before);
    const after = (await repo.findSupportItem(tx, kind, id))!;
    const audited = (r: repo.SupportRow) => ({ status: r.status, reply: r.reply, answered_at: r.answered_at });
    await recordAdminAction(tx, actor, { action, subjectType: SUBJECT_TYPES[kind], subjectId: id, before: audited(before), after: audited(after) });
    return toDetail(after);
  });
}

/**
 * Sends the reply by e-mail (through the outbox, in the same transaction) and marks the message
 * answered. 409 when it is already answered (reopen it first) or there is no address to write to.
 */
export function replyToSupport(db: Database, actor: AdminActor, kind: SupportKind, id: string, reply: string, opts: { supportEmail: string }) {
  return change(db, actor, kind, id, 'support.reply', async (tx, row) => {
    if (row.status === 'answered') throw new AppError('CONFLICT', 'This message is already answered. Reopen it to reply again.');
    if (!row.email) throw new AppError('CONFLICT', 'This question came from a visitor who was not signed in: there is no e-mail address to reply to. Mark it answered instead.');
    const mail = supportReplyMail({ name: row.name, subject: kind === 'contact' ? row.subject : null, question: row.message, reply, supportEmail: opts.supportEmail });
    await enqueueMail(tx, { to: row.email, ...mail });
    await repo.markAnswered(tx, kind, id, reply, actor.id);
  });
}

/** Marks it answered without an e-mail (answered by phone, or by a new FAQ entry), with an optional note. */
export function resolveSupport(db: Database, actor: AdminActor, kind: SupportKind, id: string, note: string | undefined) {
  return change(db, actor, kind, id, 'support.resolve', async (tx, row) => {
    if (row.status === 'answered') throw new AppError('CONFLICT', 'This message is already answered.');
    await repo.markAnswered(tx, kind, id, note || null, actor.id);
  });
}

export function reopenSupport(db: Database, actor: AdminActor, kind: SupportKind, id: string) {
  return change(db, actor, kind, id, 'support.reopen', async (tx, row) => {
    if (row.status === 'open') throw new AppError('CONFLICT', 'This message is already open.');
    await repo.markOpen(tx, kind, id);
  });
}
