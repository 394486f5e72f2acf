import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, bearer, createTestApp, multipartFile, signUp, type TestContext } from '../../../../test/helper';
import { fixtures } from '../../accounts/testing';
import { publishedListing } from '../../listings/testing';
import { createTestUser } from '../../notifications/test-users';
import { headerFileName } from './verification.service';

let t: TestContext;
let admin: Awaited<ReturnType<typeof createTestUser>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t.db, { name: 'Admin', role: 'admin' });
});
afterAll(() => t.close());

const asAdmin = (method: 'GET' | 'POST', path: string, payload?: object) => t.app.inject({ method, url: api(path), headers: admin.headers, ...(payload && { payload }) });

async function upload(token: string, content: Buffer, filename: string, type: string) {
  const form = multipartFile(content, filename, type);
  const res = await t.app.inject({ method: 'POST', url: api('upload_govt_id'), headers: { ...bearer(token), ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** The id of the user's latest document, as the queue lists it. */
async function latestDocId(userId: string) {
  const [row] = await t.db.query<{ id: string }>(`SELECT id FROM government_ids WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`, [userId]);
  return row!.id;
}

const profileOf = async (token: string) => (await t.app.inject({ url: api('get_profile'), headers: bearer(token) })).json().result;
const noticesOf = (userId: string) => t.db.query<{ title: string; description: string }>(`SELECT title, description FROM notifications WHERE user_id = $1 ORDER BY created_at`, [userId]);
const mailTo = (email: string) => t.db.query<{ subject: string; body_text: string; body_html: string | null }>(`SELECT subject, body_text, body_html FROM email_outbox WHERE to_address = $1 ORDER BY created_at, id`, [email]);

describe('GET admin/verification', () => {
  it('lists pending documents first, oldest first, with the user and the file facts', async () => {
    const a = await signUp(t.app, { name: 'Asha Old' });
    const b = await signUp(t.app, { name: 'Bala New' });
    await upload(a.token, await fixtures.png(), 'aadhar.png', 'image/png');
    await upload(b.token, fixtures.pdf(), 'voter id.pdf', 'application/pdf');
    // make a's upload clearly the older one
    await t.db.query(`UPDATE government_ids SET created_at = now() - interval '2 days' WHERE user_id = $1`, [a.user.id]);

    const res = await asAdmin('GET', 'admin/verification?status=pending');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    const mine = body.result.filter((d: { user: { id: string } }) => [a.user.id, b.user.id].includes(d.user.id));
    expect(mine.map((d: { user: { name: string } }) => d.user.name)).toEqual(['Asha Old', 'Bala New']);
    expect(mine[1]).toMatchObject({
      user: { id: b.user.id, name: 'Bala New', email: b.user.email, id_verification_status: 'pending' },
      original_name: 'voter id.pdf',
      mime_type: 'application/pdf',
      size_bytes: fixtures.pdf().length,
      status: 'pending',
      reviewed_at: null,
      reviewer: null,
      is_latest: true,
    });
    expect(body.page).toMatchObject({ page: 1, page_size: 25, total: expect.any(Number) });
    expect(JSON.stringify(body)).not.toContain('government-ids/');

    const found = (await asAdmin('GET', `admin/verification?q=${encodeURIComponent(b.user.email)}`)).json();
    expect(found.result.map((d: { user: { id: string } }) => d.user.id)).toEqual([b.user.id]);
  });

  it('refuses an unknown status with a field error, and answers 403 to a non-admin', async () => {
    const res = await asAdmin('GET', 'admin/verification?status=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('status');
    const host = await createTestUser(t.db, { host: true });
    expect((await t.app.inject({ url: api('admin/verification'), headers: host.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: api('admin/verification') })).statusCode).toBe(401);
  });
});

describe('GET admin/verification/:id/document', () => {
  it('streams the file privately and inline with a safe name, never cached or sniffed, and audits the viewing', async () => {
    const u = await signUp(t.app);
    const png = await fixtures.png();
    await upload(u.token, png, 'my "id"\r\nX-Evil: 1.png', 'image/png');
    const id = await latestDocId(u.user.id);
    const res = await asAdmin('GET', `admin/verification/${id}/document`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9._-]+"$/);
    expect(res.headers['x-evil']).toBeUndefined();
    expect(res.rawPayload.equals(png)).toBe(true);
    const audit = await t.db.query(`SELECT 1 FROM audit_log WHERE actor_id = $1 AND action = 'government_id.viewed' AND subject_id = $2`, [admin.id, u.user.id]);
    expect(audit).toHaveLength(1);

    const pdfUser = await signUp(t.app);
    await upload(pdfUser.token, fixtures.pdf(), 'scan.pdf', 'application/pdf');
    const pdf = await asAdmin('GET', `admin/verification/${await latestDocId(pdfUser.user.id)}/document`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('inline; filename="scan.pdf"');
    expect(pdf.rawPayload.equals(fixtures.pdf())).toBe(true);
  });

  it('answers 404 for an unknown or malformed id, and 403 to the document owner', async () => {
    expect((await asAdmin('GET', 'admin/verification/00000000-0000-4000-8000-000000000000/document')).statusCode).toBe(404);
    expect((await asAdmin('GET', 'admin/verification/not-a-uuid/document')).statusCode).toBe(404);
    expect((await asAdmin('GET', 'admin/verification/not-a-uuid')).statusCode).toBe(404);
    const u = await signUp(t.app);
    await upload(u.token, await fixtures.png(), 'id.png', 'image/png');
    const res = await t.app.inject({ url: api(`admin/verification/${await latestDocId(u.user.id)}/document`), headers: bearer(u.token) });
    expect(res.statusCode).toBe(403);
  });

  it('makes a header-safe file name', () => {
    expect(headerFileName('Aadhaar card.JPG', 'jpg')).toBe('Aadhaar_card.JPG');
    expect(headerFileName('आधार.png', 'png')).toBe('government-id.png');
    expect(headerFileName('"; x=y', 'pdf')).toBe('government-id.pdf');
  });
});

describe('POST admin/verification/:id/approve and /reject', () => {
  it('approves: the account is verified, the user is told, and their listing shows the verified host at once', async () => {
    const { id: listingId, host } = await publishedListing(t.app);
    await upload(host.token, await fixtures.png(), 'id.png', 'image/png');
    expect((await t.app.inject({ url: api(`parkings/${listingId}`) })).json().result.host.verified).toBe(false);
    const docId = await latestDocId(host.user.id);

    const res = await asAdmin('POST', `admin/verification/${docId}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'approved', reviewer: { id: admin.id, name: 'Admin' }, user: { id_verification_status: 'approved' } });
    expect((await profileOf(host.token)).id_verification_status).toBe('approved');
    expect((await t.app.inject({ url: api(`parkings/${listingId}`) })).json().result.host.verified).toBe(true);

    const [row] = await t.db.query<{ status: string; reviewer_id: string; reviewed_at: Date | null }>(`SELECT status, reviewer_id, reviewed_at FROM government_ids WHERE id = $1`, [docId]);
    expect(row).toMatchObject({ status: 'approved', reviewer_id: admin.id });
    expect(row!.reviewed_at).not.toBeNull();
    expect(await noticesOf(host.user.id)).toContainEqual(expect.objectContaining({ title: 'Your ID is verified' }));
    expect((await mailTo(host.user.email)).map((m) => m.subject)).toContain('Your ID is verified');
    const audit = await t.db.query<{ details: { before: { status: string }; after: { status: string } } }>(
      `SELECT details FROM audit_log WHERE action = 'government_id.approve' AND subject_id = $1`,
      [docId],
    );
    expect(audit[0]!.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'approved' } });

    // the same decision again changes nothing; a different one is refused
    expect((await asAdmin('POST', `admin/verification/${docId}/approve`)).statusCode).toBe(200);
    expect((await noticesOf(host.user.id)).filter((n) => n.title === 'Your ID is verified')).toHaveLength(1);
    const flip = await asAdmin('POST', `admin/verification/${docId}/reject`, { reason: 'Blurry' });
    expect(flip.statusCode).toBe(409);
  });

  it('rejects with the reason the user reads and a link to upload again', async () => {
    const u = await signUp(t.app);
    await upload(u.token, await fixtures.png(), 'id.png', 'image/png');
    const docId = await latestDocId(u.user.id);
    const res = await asAdmin('POST', `admin/verification/${docId}/reject`, { reason: 'The photo is too blurry to read' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'rejected', review_reason: 'The photo is too blurry to read' });
    expect((await profileOf(u.token)).id_verification_status).toBe('rejected');
    expect(await noticesOf(u.user.id)).toContainEqual({
      title: 'We could not verify your ID',
      description: 'We could not verify your ID: The photo is too blurry to read. Please upload it again.',
    });
    const [mail] = await mailTo(u.user.email);
    expect(mail!.subject).toBe('We could not verify your ID');
    expect(mail!.body_text).toContain('The photo is too blurry to read');
    expect(mail!.body_text).toContain('/upload_govt_id');
  });

  it('needs a reason to reject, under 1,000 characters', async () => {
    const u = await signUp(t.app);
    await upload(u.token, await fixtures.png(), 'id.png', 'image/png');
    const docId = await latestDocId(u.user.id);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await asAdmin('POST', `admin/verification/${docId}/reject`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().errors).toHaveProperty('reason');
    }
    expect((await profileOf(u.token)).id_verification_status).toBe('pending');
  });

  it('only reviews the latest document: an older one waiting is replaced when the newer is decided', async () => {
    const u = await signUp(t.app);
    await upload(u.token, await fixtures.png(), 'first.png', 'image/png');
    const first = await latestDocId(u.user.id);
    await t.db.query(`UPDATE government_ids SET created_at = now() - interval '1 hour' WHERE id = $1`, [first]);
    await upload(u.token, await fixtures.png(), 'second.png', 'image/png');
    const second = await latestDocId(u.user.id);
    expect((await asAdmin('POST', `admin/verification/${first}/approve`)).statusCode).toBe(409);
    expect((await asAdmin('POST', `admin/verification/${second}/approve`)).statusCode).toBe(200);
    const older = (await asAdmin('GET', `admin/verification/${first}`)).json().result;
    expect(older).toMatchObject({ status: 'rejected', review_reason: 'Replaced by a newer upload', is_latest: false });
  });

  it('answers 404 for unknown ids and 403 to a non-admin', async () => {
    expect((await asAdmin('POST', 'admin/verification/00000000-0000-4000-8000-000000000000/approve')).statusCode).toBe(404);
    expect((await asAdmin('POST', 'admin/verification/nope/reject', { reason: 'x' })).statusCode).toBe(404);
    const u = await signUp(t.app);
    await upload(u.token, await fixtures.png(), 'id.png', 'image/png');
    const res = await t.app.inject({ method: 'POST', url: api(`admin/verification/${await latestDocId(u.user.id)}/approve`), headers: bearer(u.token) });
    expect(res.statusCode).toBe(403);
    expect((await profileOf(u.token)).id_verification_status).toBe('pending');
  });
});
