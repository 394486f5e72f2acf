import type { Database } from '../../db/database';
import type { Storage } from '../../plugins/storage';
import { publish } from '../realtime/publish';
import { eraseAccount } from './account-deletion.repository';
import { insertAuditEntry } from './accounts.repository';
import { removeOwnPhoto } from './profile-photo.service';

export const ACCOUNT_DELETED = 'Your account has been deleted.';

/**
 * Anonymises the account and removes its personal data in one transaction (its sessions end, its
 * sockets close), then its files. Files cannot join the transaction, so they go after the commit; the
 * ones that could not be removed are returned for the caller to log (the data no longer points at them
 * either way).
 */
export async function deleteAccount(db: Database, storage: Storage, userId: string, ip: string | null) {
  const erased = await db.transaction(async (tx) => {
    const found = await eraseAccount(tx, userId);
    // every socket of the account closes, on whichever instance holds it, when this commits
    await publish(tx, [userId], { type: 'signed_out', data: { reason: 'account_deleted' } });
    await insertAuditEntry(tx, {
      actorId: userId,
      action: 'account.deleted',
      subjectType: 'user',
      subjectId: userId,
      details: { government_ids: found.governmentIdKeys.length },
      ip,
    });
    return found;
  });
  const removals = [
    ...erased.governmentIdKeys.map((key) => ({ key, run: () => storage.remove(key, 'private') })),
    { key: erased.profileImage ?? '', run: () => removeOwnPhoto(storage, erased.profileImage) },
  ];
  const results = await Promise.allSettled(removals.map((r) => r.run()));
  const leftOver = removals.filter((_, i) => results[i]!.status === 'rejected').map((r) => r.key);
  return { message: ACCOUNT_DELETED, leftOver };
}
