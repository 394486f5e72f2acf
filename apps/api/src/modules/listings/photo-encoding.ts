import sharp from 'sharp';
import { AppError } from '../../lib/app-error';

export const LARGE_SIZE = { width: 1600, height: 1200 } as const;
export const THUMB_SIZE = { width: 480, height: 360 } as const;
/** Refuses decompression bombs: a 10 MB file can still claim to be gigapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface EncodedPhoto {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Upright WebP in two sizes. sharp writes no metadata unless asked, so EXIF (GPS position,
 * camera, owner) never survives; nothing the client sent is served as is.
 */
export async function encodeListingPhoto(input: Buffer, opts: { effort?: number } = {}): Promise<EncodedPhoto> {
  // effort trades CPU for size; uploads keep sharp's default, the demo seed asks for less
  const effort = opts.effort ?? 4;
  try {
    const large = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(LARGE_SIZE.width, LARGE_SIZE.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80, effort })
      .toBuffer({ resolveWithObject: true });
    // the thumbnail comes from the large image: already upright and stripped, and far cheaper to decode
    const thumb = await sharp(large.data)
      .resize(THUMB_SIZE.width, THUMB_SIZE.height, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 76, effort })
      .toBuffer();
    return { large: large.data, thumb, width: large.info.width, height: large.info.height };
  } catch {
    throw new AppError('UNPROCESSABLE', 'This image could not be read. Please choose another one.');
  }
}
