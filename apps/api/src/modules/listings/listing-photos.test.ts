import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, multipartFile, type TestContext } from '../../../test/helper';
import { fixtures, multipartWithoutFile } from '../accounts/testing';
import { completeListing, listingCalls, photoFixtures, publishedListing, signUpHost } from './testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = (url: string) => join(t.dataDir, 'uploads', url.replace(/^\/uploads\//, ''));
const photoRows = (listingId: string) =>
  t.db.query<{ id: string; large_key: string; is_cover: boolean; position: number }>(
    `SELECT id, large_key, is_cover, position FROM listing_photos WHERE listing_id = $1 ORDER BY position`,
    [listingId],
  );

async function draftOf() {
  const host = await signUpHost(t.app);
  const calls = listingCalls(t.app, host.token);
  const id: string = (await calls.create(completeListing())).json().result.id;
  return { id, calls, host };
}

describe('POST parkings/:id/photos', () => {
  it('re-encodes to upright WebP in two sizes with no EXIF or GPS left, and serves them with long cache headers', async () => {
    const { id, calls } = await draftOf();
    const original = await fixtures.jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await calls.upload(id, original, 'IMG_2041.jpg');
    expect(res.statusCode).toBe(200);
    const photo = res.json().result;
    expect(photo).toMatchObject({ is_cover: true, position: 0, width: 600, height: 800 });
    expect(photo.url).toMatch(new RegExp(`^/uploads/listings/${id}/[0-9a-f-]{36}-lg\\.webp$`));
    expect(photo.thumb_url).toBe(photo.url.replace('-lg.webp', '-th.webp'));

    for (const [url, box] of [[photo.url, [1600, 1200]], [photo.thumb_url, [480, 360]]] as const) {
      const file = readFileSync(stored(url));
      expect(file.includes(Buffer.from('SecretCam'))).toBe(false);
      expect(file.includes(Buffer.from('GPS'))).toBe(false);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(meta.width!).toBeLessThanOrEqual(box[0]);
      expect(meta.height!).toBeLessThanOrEqual(box[1]);
      // 800x600 turned upright is portrait
      expect(meta.height!).toBeGreaterThan(meta.width!);
      const served = await t.app.inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    }
  });

  it('shrinks a large photo to fit 1600x1200 and makes only the first photo the cover', async () => {
    const { id, calls } = await draftOf();
    await calls.upload(id, await photoFixtures.jpeg(400, 300));
    const big = await calls.upload(id, await sharp({ create: { width: 4000, height: 2000, channels: 3, background: '#48a' } }).png().toBuffer(), 'wide.png', 'image/png');
    expect(big.statusCode).toBe(200);
    expect(big.json().result).toMatchObject({ width: 1600, height: 800, is_cover: false, position: 1 });
    const thumb = await sharp(readFileSync(stored(big.json().result.thumb_url))).metadata();
    expect([thumb.width, thumb.height]).toEqual([480, 240]);
    const webp = await calls.upload(id, await fixtures.webp(), 'a.webp', 'image/webp');
    expect(webp.statusCode).toBe(200);
  });

  it.each([
    ['a PDF named .jpg', () => fixtures.pdf(), 'photo.jpg', 'image/jpeg'],
    ['a text file named .png', () => fixtures.text(), 'photo.png', 'image/png'],
    ['a GIF', () => fixtures.gif(), 'photo.gif', 'image/gif'],
  ])('answers 415 for %s, judged by content, and stores nothing', async (_label, make, name, type) => {
    const { id, calls } = await draftOf();
    const res = await calls.upload(id, await make(), name, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Choose a JPEG, PNG or WebP photo.' });
    expect(await photoRows(id)).toEqual([]);
    expect(existsSync(join(t.dataDir, 'uploads', 'listings', id))).toBe(false);
  });

  it('answers 413 for a 30 MB photo', async () => {
    const { id, calls } = await draftOf();
    const res = await calls.upload(id, fixtures.big(30));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await photoRows(id)).toEqual([]);
  });

  it('answers 422 for an image that cannot be decoded, and 400 without a file', async () => {
    const { id, calls, host } = await draftOf();
    expect((await calls.upload(id, fixtures.brokenJpeg())).statusCode).toBe(422);
    const form = multipartWithoutFile();
    const res = await t.app.inject({
      method: 'POST',
      url: api(`parkings/${id}/photos`),
      headers: { authorization: `Bearer ${host.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('file');
  });

  it('refuses the 21st photo with a clear message', async () => {
    const { id, calls } = await draftOf();
    const small = await fixtures.png(40, 30);
    for (let i = 0; i < 20; i++) expect((await calls.upload(id, small, `p${i}.png`, 'image/png')).statusCode).toBe(200);
    const res = await calls.upload(id, small, 'p21.png', 'image/png');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'A listing can have at most 20 photos. Remove one to add another.' });
    expect(await photoRows(id)).toHaveLength(20);
  });

  it("refuses another host's listing with 404 and writes no file", async () => {
    const { id } = await draftOf();
    const intruder = listingCalls(t.app, (await signUpHost(t.app)).token);
    const res = await intruder.upload(id, await photoFixtures.jpeg());
    expect(res.statusCode).toBe(404);
    expect(existsSync(join(t.dataDir, 'uploads', 'listings', id))).toBe(false);
  });

  it('answers 401 without a session', async () => {
    const { id } = await draftOf();
    const form = multipartFile(await photoFixtures.jpeg(), 'a.jpg', 'image/jpeg');
    const res = await t.app.inject({ method: 'POST', url: api(`parkings/${id}/photos`), headers: form.headers, payload: form.payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('managing photos', () => {
  async function withPhotos(n: number) {
    const d = await draftOf();
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await d.calls.upload(d.id, await photoFixtures.jpeg(320, 240, ['#a33', '#3a3', '#33a', '#aa3'][i]))).json().result.id);
    return { ...d, photoIds: ids };
  }

  it('deletes a photo and its files; the next photo becomes the cover', async () => {
    const { id, calls, photoIds } = await withPhotos(3);
    const first = (await calls.manage(id)).json().result.photos[0];
    const res = await calls.call('DELETE', `parkings/${id}/photos/${photoIds[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((p: { id: string }) => p.id)).toEqual(photoIds.slice(1));
    expect(res.json().result[0]).toMatchObject({ is_cover: true, position: 0 });
    expect(res.json().result[1]).toMatchObject({ is_cover: false, position: 1 });
    expect(existsSync(stored(first.url))).toBe(false);
    expect(existsSync(stored(first.thumb_url))).toBe(false);
    expect((await calls.call('DELETE', `parkings/${id}/photos/${photoIds[0]}`)).statusCode).toBe(404);
    expect((await calls.call('DELETE', `parkings/${id}/photos/not-a-photo`)).statusCode).toBe(404);
  });

  it('keeps at least one photo on a listed space', async () => {
    const { id, calls } = await publishedListing(t.app);
    const [photo] = (await calls.manage(id)).json().result.photos;
    const res = await calls.call('DELETE', `parkings/${id}/photos/${photo.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at least one photo/);
    expect(existsSync(stored(photo.url))).toBe(true);
  });

  it('reorders with exactly the listing photo ids, and refuses any other list', async () => {
    const { id, calls, photoIds } = await withPhotos(3);
    const order = [photoIds[2], photoIds[0], photoIds[1]];
    const res = await calls.call('PUT', `parkings/${id}/photos/order`, { photo_ids: order });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.map((p: { id: string }) => p.id)).toEqual(order);
    expect(res.json().result.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);

    const other = await withPhotos(1);
    for (const bad of [[photoIds[0], photoIds[1]], [photoIds[0], photoIds[0], photoIds[1]], [...photoIds.slice(0, 2), other.photoIds[0]], [...photoIds, 'nope'], []]) {
      const r = await calls.call('PUT', `parkings/${id}/photos/order`, { photo_ids: bad });
      expect(r.statusCode, JSON.stringify(bad)).toBe(400);
      expect(r.json().errors).toHaveProperty('photo_ids');
    }
    expect((await photoRows(id)).map((p) => p.id)).toEqual(order);
  });

  it('sets the cover, which the public page shows first', async () => {
    const { id, calls, photoIds, host } = await withPhotos(3);
    await calls.patch(id, {});
    const res = await calls.call('POST', `parkings/${id}/photos/${photoIds[2]}/cover`);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.filter((p: { is_cover: boolean }) => p.is_cover).map((p: { id: string }) => p.id)).toEqual([photoIds[2]]);
    expect((await calls.call('POST', `parkings/${id}/photos/00000000-0000-4000-8000-000000000000/cover`)).statusCode).toBe(404);

    expect((await calls.publish(id)).statusCode).toBe(200);
    const pub = await t.app.inject({ url: api(`parkings/${id}`) });
    expect(pub.json().result.photos.map((p: { id: string }) => p.id)).toEqual([photoIds[2], photoIds[0], photoIds[1]]);

    const intruder = listingCalls(t.app, (await signUpHost(t.app)).token);
    expect((await intruder.call('POST', `parkings/${id}/photos/${photoIds[0]}/cover`)).statusCode).toBe(404);
    expect((await intruder.call('DELETE', `parkings/${id}/photos/${photoIds[0]}`)).statusCode).toBe(404);
    expect((await intruder.call('PUT', `parkings/${id}/photos/order`, { photo_ids: photoIds })).statusCode).toBe(404);
    expect((await photoRows(id)).filter((p) => p.is_cover).map((p) => p.id)).toEqual([photoIds[2]]);
    expect(host.user.id).toBeTruthy();
  });
});
