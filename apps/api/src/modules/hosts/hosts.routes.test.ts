import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, multipartFile, signUp, type TestContext } from '../../../test/helper';
import { fixtures, multipartWithoutFile } from '../accounts/testing';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function upload(token: string, content: Buffer, filename = 'aadhar.jpg', type = 'image/jpeg', field = 'file') {
  const form = multipartFile(content, filename, type, field);
  return t.app.inject({ method: 'POST', url: api('upload_govt_id'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
}
const latest = (token: string) => t.app.inject({ url: api('government-id'), headers: bearer(token) });
const fileOf = (token: string, query = '') => t.app.inject({ url: api(`government-id/file${query}`), headers: bearer(token) });

describe('POST upload_govt_id', () => {
  it('stores the document privately, puts the account in review and answers the upload', async () => {
    const { token, user } = await signUp(t.app);
    const png = await fixtures.png();
    const res = await upload(token, png, 'voter-id.png', 'image/png');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ message: 'Upload successful!', result: { status: 'pending', original_name: 'voter-id.png', uploaded_at: expect.any(String) } });
    expect(new Date(body.result.uploaded_at).toISOString()).toBe(body.result.uploaded_at);

    const [row] = await t.db.query<{ storage_key: string; mime_type: string; size_bytes: number }>(
      `SELECT storage_key, mime_type, size_bytes FROM government_ids WHERE user_id = $1`,
      [user.id],
    );
    expect(row!.storage_key).toMatch(new RegExp(`^government-ids/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect(row).toMatchObject({ mime_type: 'image/png', size_bytes: png.length });
    expect(existsSync(join(t.dataDir, 'private', row!.storage_key))).toBe(true);
    expect(existsSync(join(t.dataDir, 'uploads', row!.storage_key))).toBe(false);
    expect((await t.app.inject({ url: `/uploads/${row!.storage_key}` })).statusCode).toBe(404);

    const profile = await t.app.inject({ url: api('get_profile'), headers: bearer(token) });
    expect(profile.json().result.id_verification_status).toBe('pending');
  });

  it('accepts JPEG, WebP and a PDF named .jpg, judged by content', async () => {
    const { token, user } = await signUp(t.app);
    const cases = [
      [await fixtures.jpegWithExif(), 'id.jpg', 'image/jpeg', 'image/jpeg'],
      [await fixtures.webp(), 'id.webp', 'image/webp', 'image/webp'],
      [fixtures.pdf(), 'scan.jpg', 'image/jpeg', 'application/pdf'],
    ] as const;
    for (const [content, name, declared, stored] of cases) {
      expect((await upload(token, content, name, declared)).statusCode, name).toBe(200);
      const [row] = await t.db.query<{ mime_type: string; storage_key: string }>(
        `SELECT mime_type, storage_key FROM government_ids WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [user.id],
      );
      expect(row!.mime_type).toBe(stored);
    }
    const keys = await t.db.query<{ storage_key: string }>(`SELECT storage_key FROM government_ids WHERE user_id = $1`, [user.id]);
    expect(keys.map((k) => k.storage_key.split('.').pop()).sort()).toEqual(['jpg', 'pdf', 'webp']);
  });

  it.each([
    ['a text file named .jpg', () => fixtures.text(), 'id.jpg', 'image/jpeg'],
    ['a GIF', () => fixtures.gif(), 'id.gif', 'image/gif'],
    ['an HTML page named .pdf', () => Buffer.from('<html><script>alert(1)</script></html>'), 'id.pdf', 'application/pdf'],
  ])('answers 415 with a clear message for %s', async (_label, make, name, type) => {
    const { token, user } = await signUp(t.app);
    const res = await upload(token, await make(), name, type);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Upload your ID as a JPEG, PNG or WebP image, or a PDF.' });
    expect(await t.db.query(`SELECT 1 FROM government_ids WHERE user_id = $1`, [user.id])).toHaveLength(0);
    expect(existsSync(join(t.dataDir, 'private', 'government-ids', user.id))).toBe(false);
  });

  it("answers 400 'No file selected.' without a file, and 400 for an empty one", async () => {
    const { token } = await signUp(t.app);
    const noFile = multipartWithoutFile();
    const none = await t.app.inject({ method: 'POST', url: api('upload_govt_id'), headers: { ...bearer(token), ...noFile.headers }, payload: noFile.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('No file selected.');
    const otherField = await upload(token, fixtures.pdf(), 'id.pdf', 'application/pdf', 'document');
    expect(otherField.json().message).toBe('No file selected.');
    const empty = await upload(token, Buffer.alloc(0), 'id.pdf', 'application/pdf');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file is empty.');
  });

  it('answers 413 over 10 MB (11 and 50 MB) and stores nothing', async () => {
    const { token, user } = await signUp(t.app);
    for (const mb of [11, 50]) expect((await upload(token, fixtures.big(mb))).statusCode, `${mb} MB`).toBe(413);
    expect(await t.db.query(`SELECT 1 FROM government_ids WHERE user_id = $1`, [user.id])).toHaveLength(0);
  });

  it('answers 415 for a JSON body and 4xx for a broken form', async () => {
    const { token } = await signUp(t.app);
    const json = await t.app.inject({ method: 'POST', url: api('upload_govt_id'), headers: bearer(token), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: 'POST',
      url: api('upload_govt_id'),
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=zz' },
      payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('records the original name as text only (trimmed to 200), never as a path', async () => {
    const { token, user } = await signUp(t.app);
    const names = ['../../../etc/passwd.pdf', `<img src=x onerror=alert(1)>${'x'.repeat(300)}.pdf`, 'aadhar\tcard.pdf'];
    const recorded: string[] = [];
    for (const name of names) recorded.push((await upload(token, fixtures.pdf(), name, 'application/pdf')).json().result.original_name);
    // the form parser already drops directory parts; the name is only ever stored as text anyway
    expect(recorded[0]).toBe('passwd.pdf');
    expect(recorded[1]).toHaveLength(200);
    expect(recorded[1]!.startsWith('<img src=x onerror=alert(1)>')).toBe(true);
    expect(recorded[2]).toBe('aadharcard.pdf');
    const files = readdirSync(join(t.dataDir, 'private', 'government-ids', user.id));
    expect(files).toHaveLength(3);
    for (const f of files) expect(f).toMatch(/^[0-9a-f-]{36}\.pdf$/);
  });

  it('needs a session', async () => {
    const form = multipartFile(fixtures.pdf(), 'id.pdf', 'application/pdf');
    const res = await t.app.inject({ method: 'POST', url: api('upload_govt_id'), ...form });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: 'Unauthenticated User' });
  });
});

describe('GET government-id', () => {
  it('answers null before any upload, then the latest upload', async () => {
    const { token } = await signUp(t.app);
    expect((await latest(token)).json()).toEqual({ result: null });
    await upload(token, fixtures.pdf(), 'first.pdf', 'application/pdf');
    await upload(token, await fixtures.png(), 'second.png', 'image/png');
    const res = await latest(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'pending', original_name: 'second.png' });
    expect(Object.keys(res.json().result).sort()).toEqual(['original_name', 'status', 'uploaded_at']);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: api('government-id') })).statusCode).toBe(401);
  });
});

describe('GET government-id/file', () => {
  let owner: { token: string; user: { id: string } };
  let stranger: { token: string; user: { id: string } };
  let admin: { token: string; user: { id: string } };
  const pdf = fixtures.pdf();
  beforeAll(async () => {
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    admin = await signUp(t.app);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    await upload(owner.token, pdf, 'renamed.jpg', 'image/jpeg');
  });

  it("gives the owner their latest file with its real type, never cached", async () => {
    const res = await fileOf(owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe('attachment; filename="government-id.pdf"');
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect((await fileOf(owner.token, `?user_id=${owner.user.id}`)).statusCode).toBe(200);
  });

  it("refuses anyone else: 403 when they ask for the owner's file, 404 for their own when they have none", async () => {
    const asked = await fileOf(stranger.token, `?user_id=${owner.user.id}`);
    expect(asked.statusCode).toBe(403);
    expect(asked.body).not.toContain('%PDF');
    expect((await fileOf(stranger.token)).statusCode).toBe(404);
  });

  it('lets an admin read it with ?user_id=, and records that in the audit log', async () => {
    const res = await fileOf(admin.token, `?user_id=${owner.user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'government_id.viewed' AND subject_id = $2`, [
      admin.user.id,
      owner.user.id,
    ]);
    expect(audit).toHaveLength(1);
    expect((await fileOf(admin.token, `?user_id=${stranger.user.id}`)).statusCode).toBe(404);
  });

  it('answers 400 for a user_id that is not an id, and 401 without a session', async () => {
    expect((await fileOf(admin.token, "?user_id=1' OR '1'='1")).statusCode).toBe(400);
    expect((await t.app.inject({ url: api('government-id/file') })).statusCode).toBe(401);
    expect((await fileOf('garbage-token-garbage-token')).statusCode).toBe(401);
  });
});

describe('uploads with rate limits on', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: '1' });
  });
  afterAll(() => limited.close());

  it('answer 429 with Retry-After after 20 uploads an hour from one address', async () => {
    const { token } = await signUp(limited.app);
    const form = multipartFile(Buffer.alloc(0), 'id.pdf', 'application/pdf');
    const send = (remoteAddress: string) =>
      limited.app.inject({ method: 'POST', url: api('upload_govt_id'), remoteAddress, headers: { ...bearer(token), ...form.headers }, payload: form.payload });
    for (let i = 0; i < 20; i++) expect((await send('203.0.113.20')).statusCode).toBe(400);
    const blocked = await send('203.0.113.20');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await send('203.0.113.21')).statusCode).toBe(400);
  });
});
