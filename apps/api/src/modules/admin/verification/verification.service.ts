import type { AdminIdDocument, AdminIdQueueQuery } from '@parkly/shared/admin-verification';
import { ADMIN_PAGE_SIZE } from '@parkly/shared/admin';
import type { Database, Queryable } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { isUuid } from '../../../lib/ids';
import type { Storage } from '../../../plugins/storage';
import { idApprovedMail, idRejectedMail } from '../../mail/templates/moderation-mails';
import { insertFileViewAudit } from '../../hosts/hosts.repository';
import { notify } from '../../notifications/notify';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './verification.repository';

const iso = (v: Date | string) => new Date(v).toISOString();
const documentNotFound = () => notFound('ID document not found');

export function toDocument(r: repo.IdDocumentRow): AdminIdDocument {
  return {
    id: r.id,
    user: { id: r.user_id, name: r.user_name, email: r.user_email, host_user: r.host_user, id_verification_status: r.id_verification_status },
    original_name: r.original_name,
    mime_type: r.mime_type,
    size_bytes: r.size_bytes,
    status: r.status,
    uploaded_at: iso(r.created_at),
    reviewed_at: r.reviewed_at === null ? null : iso(r.reviewed_at),
    reviewer: r.reviewer_id && r.reviewer_name !== null ? { id: r.reviewer_id, name: r.reviewer_name } : null,
    review_reason: r.review_reason,
    is_latest: r.is_latest,
  };
}

export async function idQueue(db: Queryable, q: AdminIdQueueQuery) {
  const { rows, total } = await repo.findIdDocuments(db, q);
  return { result: rows.map(toDocument), page: { page: q.page, page_size: ADMIN_PAGE_SIZE, total } };
}

async function load(db: Queryable, id: string, opts: { lock?: boolean } = {}) {
  const row = isUuid(id) ? await repo.findIdDocument(db, id, opts) : undefined;
  if (!row) throw documentNotFound();
  return row;
}

export async function idDocument(db: Queryable, id: string) {
  return toDocument(await load(db, id));
}

/** A file name safe inside a quoted header value: ASCII letters, digits, dot, dash and underscore only. */
export function headerFileName(name: string, fallbackExt: string) {
  const cleaned = name.normalize('NFKD').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '').slice(0, 100);
  return cleaned && /\.[A-Za-z0-9]+$/.test(cleaned) ? cleaned : `government-id.${fallbackExt}`;
}

/** The document's bytes from private storage; the viewing is written to the audit log as the hosts module does. */
export async function readIdDocument(db: Queryable, storage: Storage, actor: AdminActor, id: string) {
  const row = await load(db, id);
  const body = await storage.get(row.storage_key, 'private');
  if (!body) throw new AppError('NOT_FOUND', 'The file of this ID document is missing from storage.');
  await insertFileViewAudit(db, actor.id, row.user_id, actor.ip);
  const ext = row.storage_key.split('.').pop() ?? 'bin';
  return { body, mimeType: row.mime_type, fileName: headerFileName(row.original_name, ext) };
}

export interface ReviewDeps {
  db: Database;
  publicUrl: string;
}

/**
 * Approves or rejects the user's latest document (an older one was replaced by the upload after it).
 * The account's status follows; the user hears of it by notification, push and e-mail. Deciding the
 * same again changes nothing; changing a decision already made is refused.
 */
export async function reviewIdDocument(deps: ReviewDeps, actor: AdminActor, id: string, decision: { status: 'approved' | 'rejected'; reason?: string }) {
  const doc = await deps.db.transaction(async (tx) => {
    const row = await load(tx, id, { lock: true });
    if (row.status === decision.status) return row;
    if (row.status !== 'pending') throw new AppError('CONFLICT', `This document was already ${row.status}.`);
    if (!row.is_latest) throw new AppError('CONFLICT', 'The user has uploaded a newer document: review that one.');
    const reason = decision.status === 'rejected' ? (decision.reason ?? null) : null;
    await repo.markReviewed(tx, { id: row.id, userId: row.user_id }, { status: decision.status, reviewerId: actor.id, reason });
    await repo.closeReplacedDocuments(tx, row.user_id, row.id, actor.id);
    const after = (await repo.findIdDocument(tx, row.id))!;
    await recordAdminAction(tx, actor, {
      action: decision.status === 'approved' ? 'government_id.approve' : 'government_id.reject',
      subjectType: 'government_id',
      subjectId: row.id,
      before: { status: row.status, user_status: row.id_verification_status },
      after: { status: after.status, user_status: after.id_verification_status },
      ...(reason !== null && { reason }),
    });
    await notifyDecision(tx, deps.publicUrl, row, decision.status, reason);
    return after;
  });
  return toDocument(doc);
}

async function notifyDecision(tx: Queryable, publicUrl: string, row: repo.IdDocumentRow, status: 'approved' | 'rejected', reason: string | null) {
  const url = status === 'approved' ? '/profile' : '/upload_govt_id';
  const title = status === 'approved' ? 'Your ID is verified' : 'We could not verify your ID';
  const description =
    status === 'approved'
      ? 'We have checked your government ID: your listings now show the Verified host badge.'
      : `We could not verify your ID: ${reason}. Please upload it again.`;
  const mail =
    status === 'approved'
      ? idApprovedMail({ name: row.user_name, url: `${publicUrl}${url}` })
      : idRejectedMail({ name: row.user_name, url: `${publicUrl}${url}`, reason: reason ?? '' });
  // no push kind fits an account decision, and it matters: it is pushed whatever kinds the user muted
  await notify(tx, { userId: row.user_id, title, description, mail, push: { url } });
}
