import { one, type Queryable } from '../../db/database';

export interface GovernmentIdRow {
  status: 'pending' | 'approved' | 'rejected';
  original_name: string;
  created_at: Date | string;
}

export interface NewGovernmentId {
  userId: string;
  storageKey: string;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
}

/** Records a new ID document and puts the account back in review (a new document needs a new look). */
export async function insertGovernmentId(db: Queryable, doc: NewGovernmentId) {
  const row = await one<GovernmentIdRow>(
    db,
    `INSERT INTO government_ids (user_id, storage_key, original_name, mime_type, size_bytes) VALUES ($1, $2, $3, $4, $5)
     RETURNING status, original_name, created_at`,
    [doc.userId, doc.storageKey, doc.originalName, doc.mimeType, doc.sizeBytes],
  );
  await db.query(`UPDATE users SET id_verification_status = 'pending', updated_at = now() WHERE id = $1`, [doc.userId]);
  return row!;
}

export function findLatestGovernmentId(db: Queryable, userId: string) {
  return one<GovernmentIdRow>(
    db,
    `SELECT status, original_name, created_at FROM government_ids WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
}

export function findLatestGovernmentIdFile(db: Queryable, userId: string) {
  return one<{ storage_key: string; mime_type: string }>(
    db,
    `SELECT storage_key, mime_type FROM government_ids WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [userId],
  );
}

export async function insertFileViewAudit(db: Queryable, actorId: string, ownerId: string, ip: string | null) {
  await db.query(
    `INSERT INTO audit_log (actor_id, action, subject_type, subject_id, ip) VALUES ($1, 'government_id.viewed', 'user', $2, $3)`,
    [actorId, ownerId, ip],
  );
}
