import type { Queryable } from '../../db/database';

/**
 * The personal data an account leaves behind, in one place. A module that adds a table holding
 * personal data adds its erasure here too.
 */
export async function eraseAccount(db: Queryable, userId: string) {
  const user = await db.query<{ profile_image: string | null }>(`SELECT profile_image FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  const ids = await db.query<{ storage_key: string }>(`DELETE FROM government_ids WHERE user_id = $1 RETURNING storage_key`, [userId]);
  await db.query(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, now()), user_agent = NULL, ip = NULL WHERE user_id = $1`, [userId]);
  await db.query(`DELETE FROM password_resets WHERE user_id = $1`, [userId]);
  await db.query(`DELETE FROM notifications WHERE user_id = $1`, [userId]);
  await db.query(`DELETE FROM push_subscriptions WHERE user_id = $1`, [userId]);
  await db.query(`DELETE FROM favorites WHERE user_id = $1`, [userId]);
  // the bank account or UPI ID payouts went to: a deleted account is never paid again
  await db.query(`DELETE FROM host_payout_accounts WHERE host_id = $1`, [userId]);
  // GSTINs and registered names (issued invoices keep theirs: they are frozen as printed)
  await db.query(`DELETE FROM tax_identities WHERE user_id = $1`, [userId]);
  // a host's gate accounts go with them (docs/decisions/034-gate-pass.md)
  await db.query(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, now()) WHERE user_id IN (SELECT id FROM users WHERE gate_host_id = $1)`, [userId]);
  await db.query(
    `UPDATE users SET name = 'Removed gate account', email = NULL, password_hash = NULL, deleted_at = now(), updated_at = now()
      WHERE gate_host_id = $1 AND deleted_at IS NULL`,
    [userId],
  );
  // a host's spaces leave the marketplace with them (soft: bookings still point at the rows)
  await db.query(
    `UPDATE listings SET status = 'deleted', deleted_at = now(), access_instructions = NULL, updated_at = now()
      WHERE host_id = $1 AND status <> 'deleted'`,
    [userId],
  );
  // the row stays (bookings, reviews and the audit trail point at it) but says nothing about the person;
  // a NULL e-mail frees the address for a new sign-up
  await db.query(
    `UPDATE users SET name = 'Deleted user', email = NULL, phone = NULL, password_hash = NULL, profile_image = NULL,
            location_lat = NULL, location_lng = NULL, location_label = NULL, id_verification_status = 'none',
            deleted_at = now(), updated_at = now()
      WHERE id = $1`,
    [userId],
  );
  return { profileImage: user[0]?.profile_image ?? null, governmentIdKeys: ids.map((r) => r.storage_key) };
}
