import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, multipartFile, signUp, type TestContext } from '../../../test/helper';
import { fixtures, multipartWithoutFile } from './testing';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await signUp(t.app));
});
afterAll(() => t.close());

function upload(content: Buffer, filename = 'photo.jpg', type = 'image/jpeg', field = 'file') {
  const form = multipartFile(content, filename, type, field);
  return t.app.inject({ method: 'POST', url: api('profile/photo'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}
const storedFile = (path: string) => join(t.dataDir, 'uploads', path.replace(/^\/uploads\//, ''));

describe('POST profile/photo', () => {
  it('re-encodes to an upright WebP of at most 512x512 with no EXIF left', async () => {
    const original = await fixtures.jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original);
    expect(res.statusCode).toBe(200);
    const path: string = res.json().result.profile_image;
    expect(path).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.webp$/);

    const stored = readFileSync(storedFile(path));
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    // 800x600 tagged "rotate 90°" is a portrait photo: 600x800, scaled to fit 512
    expect([meta.width, meta.height]).toEqual([384, 512]);

    const served = await t.app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('does not enlarge a small image and accepts PNG and WebP', async () => {
    for (const [content, name, type] of [
      [await fixtures.png(100, 80), 'small.png', 'image/png'],
      [await fixtures.webp(), 'small.webp', 'image/webp'],
    ] as const) {
      const res = await upload(content, name, type);
      expect(res.statusCode, name).toBe(200);
      const meta = await sharp(readFileSync(storedFile(res.json().result.profile_image))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBeLessThanOrEqual(100);
    }
  });

  it('removes the previous photo file when a new one replaces it', async () => {
    const first = (await upload(await fixtures.png(), 'a.png', 'image/png')).json().result.profile_image;
    const second = (await upload(await fixtures.png(), 'b.png', 'image/png')).json().result.profile_image;
    expect(second).not.toBe(first);
    expect(existsSync(storedFile(first))).toBe(false);
    expect(existsSync(storedFile(second))).toBe(true);
  });

  it.each([
    ['a PDF named .jpg', () => fixtures.pdf(), 'photo.jpg', 'image/jpeg'],
    ['a text file named .png', () => fixtures.text(), 'photo.png', 'image/png'],
    ['a GIF', () => fixtures.gif(), 'photo.gif', 'image/gif'],
  ])('answers 415 for %s, judged by content', async (_label, make, name, type) => {
    const res = await upload(await make(), name, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Choose a JPEG, PNG or WebP image.' });
  });

  it('answers 422 for an image that cannot be decoded or is too many pixels', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } }).png().toBuffer();
    for (const content of [fixtures.brokenJpeg(), bomb]) {
      const res = await upload(content);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('UNPROCESSABLE');
    }
  });

  it('answers 400 for an empty file, no file, or a file in another field', async () => {
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');
    const noFile = multipartWithoutFile();
    const none = await t.app.inject({ method: 'POST', url: api('profile/photo'), headers: { ...bearer(token), ...noFile.headers }, payload: noFile.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file selected.');
    expect((await upload(await fixtures.png(), 'p.png', 'image/png', 'photo')).statusCode).toBe(400);
  });

  it('answers 413 for files over 10 MB, including 50 MB', async () => {
    for (const mb of [11, 50]) {
      const res = await upload(fixtures.big(mb));
      expect(res.statusCode, `${mb} MB`).toBe(413);
      expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('answers 4xx for JSON, a missing boundary or a cut-off form', async () => {
    const auth = bearer(token);
    const cases = [
      { headers: { ...auth, 'content-type': 'application/json' }, payload: '{"file":"x"}' },
      { headers: { ...auth, 'content-type': 'multipart/form-data' }, payload: 'no boundary here' },
      { headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' }, payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\xff\xd8' },
      { headers: { ...auth, 'content-type': 'multipart/form-data; boundary=abc' }, payload: 'garbage' },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ method: 'POST', url: api('profile/photo'), ...c });
      expect(res.statusCode, c.payload).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, c.payload).toBeLessThan(500);
    }
  });

  it('needs a session', async () => {
    const form = multipartFile(await fixtures.png(), 'p.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: api('profile/photo'), ...form });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE profile/photo', () => {
  it('clears the photo and removes its file, and is harmless when there is none', async () => {
    const path = (await upload(await fixtures.png(), 'p.png', 'image/png')).json().result.profile_image;
    const res = await t.app.inject({ method: 'DELETE', url: api('profile/photo'), headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.profile_image).toBeNull();
    expect(existsSync(storedFile(path))).toBe(false);
    const again = await t.app.inject({ method: 'DELETE', url: api('profile/photo'), headers: bearer(token) });
    expect(again.statusCode).toBe(200);
  });

  it('never removes a file it did not store', async () => {
    const { token: other, user } = await signUp(t.app);
    const shared = storedFile('/uploads/blogs/cover.webp');
    mkdirSync(dirname(shared), { recursive: true });
    writeFileSync(shared, await fixtures.webp());
    await t.db.query(`UPDATE users SET profile_image = '/uploads/blogs/cover.webp' WHERE id = $1`, [user.id]);
    const res = await t.app.inject({ method: 'DELETE', url: api('profile/photo'), headers: bearer(other) });
    expect(res.json().result.profile_image).toBeNull();
    expect(existsSync(shared)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: api('profile/photo') })).statusCode).toBe(401);
  });
});
