import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_TYPES } from '@parkly/shared/constants';
import type { Database } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Storage } from '../../plugins/storage';
import { replaceProfileImage } from './accounts.repository';
import { loadProfile } from './accounts.service';
import { sniffType } from '../../lib/file-checks';

const PHOTO_SIZE = 512;
/** Refuses decompression bombs: a 10 MB file can still claim to be gigapixels. */
const MAX_INPUT_PIXELS = 50_000_000;
const OWN_PHOTO_KEY = /^profiles\/[0-9a-f-]{36}\.webp$/;

/**
 * Re-encodes the photo (upright, at most 512x512, WebP) so no EXIF such as GPS position survives
 * and nothing the client sent is served as is; then swaps it in and removes the previous file.
 */
export async function setProfilePhoto(db: Database, storage: Storage, userId: string, file: Buffer) {
  if (!(await sniffType(file, IMAGE_TYPES))) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Choose a JPEG, PNG or WebP image.');
  }
  const photo = await reencode(file);
  const key = `profiles/${randomUUID()}.webp`;
  await storage.put(key, photo, 'public');
  let previous: string | null;
  try {
    previous = await replaceProfileImage(db, userId, storage.publicPath(key));
  } catch (err) {
    await storage.remove(key, 'public').catch(() => undefined);
    throw err;
  }
  await removeOwnPhoto(storage, previous);
  return loadProfile(db, userId);
}

export async function removeProfilePhoto(db: Database, storage: Storage, userId: string) {
  await removeOwnPhoto(storage, await replaceProfileImage(db, userId, null));
  return loadProfile(db, userId);
}

async function reencode(file: Buffer): Promise<Buffer> {
  try {
    // sharp drops metadata unless told to keep it, so the output carries no EXIF
    return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(PHOTO_SIZE, PHOTO_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('UNPROCESSABLE', 'This image could not be read. Please choose another one.');
  }
}

/** Removes a photo file this module stored; paths it did not create (seeded, external) are left alone. */
export async function removeOwnPhoto(storage: Storage, path: string | null) {
  const prefix = storage.publicPath('');
  if (!path?.startsWith(prefix)) return;
  const key = path.slice(prefix.length);
  if (OWN_PHOTO_KEY.test(key)) await storage.remove(key, 'public');
}
