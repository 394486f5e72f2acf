import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_TYPES } from '@parkly/shared/constants';
import type { AdminBlog } from '@parkly/shared/admin-content';
import type { Database } from '../../../db/database';
import { AppError, notFound } from '../../../lib/app-error';
import { sniffType, type UploadedFile } from '../../../lib/file-checks';
import { isUuid } from '../../../lib/ids';
import type { Storage } from '../../../plugins/storage';
import { recordAdminAction, type AdminActor } from '../admin-audit';
import * as repo from './admin-content.repository';
import { toBlog } from './admin-content.service';

/** Covers are shown 16:9 across the post's column; 1600 px wide is sharp on a large screen. */
const COVER_SIZE = { width: 1600, height: 900 } as const;
/** Refuses decompression bombs: a 10 MB file can still claim to be gigapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const OWN_COVER_KEY = /^blogs\/[0-9a-f-]{36}\.webp$/;

const blogNotFound = () => notFound('Blog post not found');

/**
 * A post's cover from an upload: judged by its bytes (JPEG, PNG or WebP), re-encoded upright to WebP
 * with no metadata (nothing the client sent is served as is), stored publicly; the previous cover
 * this module stored is removed. The multipart plugin refuses files over 10 MB with 413.
 */
export async function setBlogCover(db: Database, storage: Storage, actor: AdminActor, id: string, readFile: () => Promise<UploadedFile>): Promise<AdminBlog> {
  if (!isUuid(id) || !(await repo.findBlog(db, id))) throw blogNotFound();
  const file = await readFile();
  if (!(await sniffType(file.buffer, IMAGE_TYPES))) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Choose a JPEG, PNG or WebP image.');
  const cover = await reencode(file.buffer);
  const key = `blogs/${randomUUID()}.webp`;
  await storage.put(key, cover, 'public');
  let previous: string | null;
  let blog: AdminBlog;
  try {
    ({ previous, blog } = await db.transaction(async (tx) => {
      const before = await repo.findBlog(tx, id, { lock: true });
      if (!before) throw blogNotFound();
      const after = toBlog((await repo.setBlogCover(tx, id, storage.publicPath(key)))!);
      await recordAdminAction(tx, actor, { action: 'blog.cover', subjectType: 'blog', subjectId: id, before: { cover_image: before.cover_image }, after: { cover_image: after.cover_image } });
      return { previous: before.cover_image, blog: after };
    }));
  } catch (err) {
    await storage.remove(key, 'public').catch(() => undefined);
    throw err;
  }
  await removeOwnCover(storage, previous);
  return blog;
}

/** Takes the cover off a post (the file goes too when this module stored it). */
export async function removeBlogCover(db: Database, storage: Storage, actor: AdminActor, id: string): Promise<AdminBlog> {
  if (!isUuid(id)) throw blogNotFound();
  const { previous, blog } = await db.transaction(async (tx) => {
    const before = await repo.findBlog(tx, id, { lock: true });
    if (!before) throw blogNotFound();
    const after = toBlog((await repo.setBlogCover(tx, id, null))!);
    await recordAdminAction(tx, actor, { action: 'blog.cover', subjectType: 'blog', subjectId: id, before: { cover_image: before.cover_image }, after: { cover_image: null } });
    return { previous: before.cover_image, blog: after };
  });
  await removeOwnCover(storage, previous);
  return blog;
}

async function reencode(file: Buffer): Promise<Buffer> {
  try {
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_SIZE.width, COVER_SIZE.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new AppError('UNPROCESSABLE', 'This image could not be read. Please choose another one.');
  }
}

/** Removes a cover file this module stored; paths it did not create (seeded, external) are left alone. */
export async function removeOwnCover(storage: Storage, path: string | null) {
  const prefix = storage.publicPath('');
  if (!path?.startsWith(prefix)) return;
  const key = path.slice(prefix.length);
  if (OWN_COVER_KEY.test(key)) await storage.remove(key, 'public').catch(() => undefined);
}
