import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import type { App } from '../../app';

/** Files for upload tests, made in memory. */
export const fixtures = {
  /** 800x600 red JPEG carrying EXIF (camera, GPS) and orientation 6 (to be turned upright). */
  jpegWithExif: () =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#c00' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'private person' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer(),
  png: (width = 100, height = 100) => sharp({ create: { width, height, channels: 3, background: '#0a0' } }).png().toBuffer(),
  webp: () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#00a' } }).webp().toBuffer(),
  gif: () => sharp({ create: { width: 16, height: 16, channels: 3, background: '#aa0' } }).gif().toBuffer(),
  pdf: () =>
    Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  text: () => Buffer.from('This is a plain text file pretending to be a picture.\n'),
  /** Starts like a JPEG, then garbage: passes the type check, fails decoding. */
  brokenJpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
  big: (megabytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(megabytes * 1024 * 1024)]),
};

/** A multipart form with only a text field, no file. */
export function multipartWithoutFile() {
  const boundary = '----parklyNoFile';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every answer body the app sends, for checks that must hold for all of them (no password hash ever). */
export function recordAnswers(app: App) {
  const bodies: string[] = [];
  const inject = app.inject.bind(app);
  const spy = (async (opts: InjectOptions | string) => {
    const res = await inject(opts);
    bodies.push(res.body);
    return res;
  }) as unknown as App['inject'];
  app.inject = spy;
  return bodies;
}
