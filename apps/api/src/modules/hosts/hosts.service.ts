import { randomUUID } from 'node:crypto';
import type { GovernmentId } from '@parkly/shared/accounts';
import { ID_DOCUMENT_TYPES, MESSAGES } from '@parkly/shared/constants';
import type { Database, Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import { cleanFileName, sniffType, type UploadedFile } from '../../lib/file-checks';
import * as ids from './hosts.repository';

const toDto = (row: ids.GovernmentIdRow): GovernmentId => ({
  status: row.status,
  original_name: row.original_name,
  uploaded_at: new Date(row.created_at).toISOString(),
});

/**
 * Stores an ID document privately under a server-made key and puts it up for review. The type is
 * decided by the file's content: a PDF named .jpg is a PDF, a text file named .jpg is refused.
 */
export async function uploadGovernmentId(db: Database, storage: Storage, userId: string, file: UploadedFile) {
  const type = await sniffType(file.buffer, ID_DOCUMENT_TYPES);
  if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload your ID as a JPEG, PNG or WebP image, or a PDF.');
  const key = `government-ids/${userId}/${randomUUID()}.${type.ext}`;
  await storage.put(key, file.buffer, 'private');
  try {
    const row = await db.transaction((tx) =>
      ids.insertGovernmentId(tx, {
        userId,
        storageKey: key,
        originalName: cleanFileName(file.filename, `government-id.${type.ext}`),
        mimeType: type.mime,
        sizeBytes: file.buffer.length,
      }),
    );
    return { message: MESSAGES.uploadSuccessful, result: toDto(row) };
  } catch (err) {
    await storage.remove(key, 'private').catch(() => undefined);
    throw err;
  }
}

export async function latestGovernmentId(db: Queryable, userId: string) {
  const row = await ids.findLatestGovernmentId(db, userId);
  return row ? toDto(row) : null;
}

/**
 * The latest ID file of `ownerId`: readable by its owner and by admins only. Anyone else is told
 * no, without learning whether the user has a document.
 */
export async function readGovernmentIdFile(db: Queryable, storage: Storage, viewer: AuthUser, ownerId: string, ip: string | null) {
  if (ownerId !== viewer.id && viewer.role !== 'admin') throw new AppError('FORBIDDEN', 'You can only see your own ID document.');
  const doc = await ids.findLatestGovernmentIdFile(db, ownerId);
  const body = doc ? await storage.get(doc.storage_key, 'private') : null;
  if (!doc || !body) throw new AppError('NOT_FOUND', 'No ID document has been uploaded.');
  if (ownerId !== viewer.id) await ids.insertFileViewAudit(db, viewer.id, ownerId, ip);
  return { body, mimeType: doc.mime_type, ext: doc.storage_key.split('.').pop() ?? 'bin' };
}
