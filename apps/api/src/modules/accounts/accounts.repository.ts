import { one, type Queryable } from '../../db/database';
import { PROFILE_COLUMNS, type ProfileRow } from './profile';

/** Live accounts only: a deleted account keeps its row (anonymised) but is never found again. */
const LIVE = 'deleted_at IS NULL';

export interface NewUser {
  name: string;
  email: string;
  phone: string | null;
  passwordHash: string;
}

/** Inserts the user, or returns undefined when the e-mail is taken (citext: case does not matter). */
export function insertUser(db: Queryable, u: NewUser) {
  return one<ProfileRow>(
    db,
    `INSERT INTO users (name, email, phone, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${PROFILE_COLUMNS}`,
    [u.name, u.email, u.phone, u.passwordHash],
  );
}

export function findProfile(db: Queryable, userId: string) {
  return one<ProfileRow>(db, `SELECT ${PROFILE_COLUMNS} FROM users WHERE id = $1 AND ${LIVE}`, [userId]);
}

export function findCredentialsByEmail(db: Queryable, email: string) {
  return one<{ id: string; password_hash: string | null; suspended: boolean }>(
    db,
    `SELECT id, password_hash, suspended_at IS NOT NULL AS suspended FROM users WHERE email = $1 AND ${LIVE}`,
    [email],
  );
}

export function findCredentialsById(db: Queryable, userId: string) {
  return one<{ email: string; password_hash: string | null }>(
    db,
    `SELECT email, password_hash FROM users WHERE id = $1 AND ${LIVE}`,
    [userId],
  );
}

export function findIdByEmail(db: Queryable, email: string) {
  return one<{ id: string }>(db, `SELECT id FROM users WHERE email = $1 AND ${LIVE}`, [email]);
}

export async function updateNameAndPhone(db: Queryable, userId: string, fields: { name?: string; phone?: string | null }) {
  // COALESCE keeps a field that was not sent; phone needs a flag because null is a real value (remove it)
  await db.query(
    `UPDATE users SET name = COALESCE($2, name),
            phone = CASE WHEN $3::boolean THEN $4 ELSE phone END,
            updated_at = now()
      WHERE id = $1 AND ${LIVE}`,
    [userId, fields.name ?? null, fields.phone !== undefined, fields.phone ?? null],
  );
}

export async function updateLocation(db: Queryable, userId: string, loc: { lat: number; lng: number; label: string | null }) {
  await db.query(
    `UPDATE users SET location_lat = $2, location_lng = $3, location_label = $4, updated_at = now() WHERE id = $1 AND ${LIVE}`,
    [userId, loc.lat, loc.lng, loc.label],
  );
}

/** Sets the photo path and returns the one it replaced, so the caller can remove the old file. */
export async function replaceProfileImage(db: Queryable, userId: string, path: string | null) {
  const row = await one<{ old_image: string | null }>(
    db,
    `UPDATE users u SET profile_image = $2, updated_at = now()
       FROM (SELECT id, profile_image AS old_image FROM users WHERE id = $1 FOR UPDATE) old
      WHERE u.id = old.id AND u.${LIVE}
      RETURNING old.old_image`,
    [userId, path],
  );
  return row?.old_image ?? null;
}

/** True when this call turned the account into a host (false when it already was one). */
export async function markHost(db: Queryable, userId: string) {
  const rows = await db.query(`UPDATE users SET host_user = true, updated_at = now() WHERE id = $1 AND NOT host_user AND ${LIVE} RETURNING id`, [
    userId,
  ]);
  return rows.length > 0;
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string) {
  await db.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND ${LIVE}`, [userId, passwordHash]);
}

export interface AuditEntry {
  actorId: string | null;
  action: string;
  subjectType?: string;
  subjectId?: string;
  details?: Record<string, unknown>;
  ip?: string | null;
}

export async function insertAuditEntry(db: Queryable, e: AuditEntry) {
  await db.query(`INSERT INTO audit_log (actor_id, action, subject_type, subject_id, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`, [
    e.actorId,
    e.action,
    e.subjectType ?? null,
    e.subjectId ?? null,
    e.details ? JSON.stringify(e.details) : null,
    e.ip ?? null,
  ]);
}
