import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSupportItem } from '@parkly/shared/admin-support';
import { api, createTestApp, type TestContext } from '../../../../test/helper';
import { seedDemoData } from '../../../seed/demo';
import { createTestUser } from '../../notifications/test-users';

type User = Awaited<ReturnType<typeof createTestUser>>;

describe('admin support inbox', () => {
  let t: TestContext;
  let admin: User;
  let guest: User;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db);
    admin = await createTestUser(t.db, { name: 'Asha Admin', role: 'admin' });
    guest = await createTestUser(t.db, { name: 'Gita Guest', email: `gita-${Date.now()}@example.com` });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', path: string, payload?: unknown, who: User = admin) =>
    t.app.inject({ method, url: api(`admin/${path}`), headers: who.headers, ...(payload !== undefined && { payload: payload as object }) });
  const contact = async (subject: string, email = 'visitor@example.com') => {
    const res = await t.app.inject({ method: 'POST', url: api('contact'), payload: { name: 'Vera Visitor', email, subject, message: 'My booking page shows the wrong time. Please help.' } });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ id: string }>(`SELECT id FROM contact_messages WHERE subject = $1`, [subject]);
    return row!.id;
  };
  const ask = (message: string, who?: User) => t.app.inject({ method: 'POST', url: api('chatboat'), payload: { message }, headers: who?.headers ?? {} });
  const outbox = (to: string) => t.db.query<{ subject: string; body_text: string; body_html: string | null }>(`SELECT subject, body_text, body_html FROM email_outbox WHERE to_address = $1 ORDER BY created_at`, [to]);

  it('lists contact messages, open ones first, and shows one', async () => {
    const id = await contact('Wrong time on my booking');
    const list = await call('GET', 'support?kind=contact&status=open');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const item = (list.json().result as AdminSupportItem[]).find((m) => m.id === id);
    expect(item).toMatchObject({ kind: 'contact', status: 'open', name: 'Vera Visitor', email: 'visitor@example.com', subject: 'Wrong time on my booking', answered_at: null });
    const one = await call('GET', `support/contact/${id}`);
    expect(one.json().result).toMatchObject({ message: 'My booking page shows the wrong time. Please help.', can_email: true, reply: null });
    expect((await call('GET', 'support?kind=contact&q=wrong%20time')).json().result.map((m: AdminSupportItem) => m.id)).toEqual([id]);
  });

  it('a reply queues an e-mail (text and HTML) to the sender, marks it answered and is audited', async () => {
    const email = `asker-${Date.now()}@example.com`;
    const id = await contact('Refund question', email);
    const reply = 'Hello Vera,\n\nYour refund was sent today. <b>Thanks</b> for waiting.';
    const res = await call('POST', `support/contact/${id}/reply`, { reply });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ status: 'answered', reply, answered_by: 'Asha Admin' });
    const mails = await outbox(email);
    const sent = mails.find((m) => m.subject === 'Re: Refund question');
    expect(sent, JSON.stringify(mails.map((m) => m.subject))).toBeDefined();
    expect(sent!.body_text).toContain('Your refund was sent today.');
    expect(sent!.body_text).toContain('> My booking page shows the wrong time.');
    expect(sent!.body_html).toContain('&lt;b&gt;Thanks&lt;/b&gt;');
    expect(sent!.body_html).not.toContain('<b>Thanks');
    const [audit] = await t.db.query<{ actor_id: string; details: { before: { status: string }; after: { status: string; reply: string } } }>(
      `SELECT actor_id, details FROM audit_log WHERE action = 'support.reply' AND subject_id = $1`,
      [id],
    );
    expect(audit!.actor_id).toBe(admin.id);
    expect(audit!.details.before.status).toBe('open');
    expect(audit!.details.after).toMatchObject({ status: 'answered', reply });
    expect((await call('GET', 'support?kind=contact&status=answered')).json().result.map((m: AdminSupportItem) => m.id)).toContain(id);

    // answered once: a second reply needs a reopen
    expect((await call('POST', `support/contact/${id}/reply`, { reply: 'Again' })).statusCode).toBe(409);
    const reopened = await call('POST', `support/contact/${id}/reopen`);
    expect(reopened.json().result).toMatchObject({ status: 'open', answered_at: null });
    expect((await call('POST', `support/contact/${id}/reply`, { reply: 'One more thing.' })).statusCode).toBe(200);
    expect((await outbox(email)).filter((m) => m.subject === 'Re: Refund question')).toHaveLength(2);
  });

  it('the bot keeps the questions it cannot answer, with the asker when signed in, and its answer is unchanged', async () => {
    const anonymous = await ask('Can I park a hovercraft on the roof?');
    expect(anonymous.json().data).toMatch(/couldn't find an answer/);
    const signedIn = await ask('Do you rent out submarine berths?', guest);
    expect(signedIn.json().data).toMatch(/couldn't find an answer/);
    // answered questions and greetings are not kept
    await ask('how do I cancel my booking?');
    await ask('hello');
    const rows = await t.db.query<{ question: string; user_id: string | null }>(`SELECT question, user_id FROM support_questions ORDER BY created_at`);
    expect(rows).toEqual([
      { question: 'Can I park a hovercraft on the roof?', user_id: null },
      { question: 'Do you rent out submarine berths?', user_id: guest.id },
    ]);

    const list = (await call('GET', 'support?kind=bot')).json().result as AdminSupportItem[];
    const anon = list.find((q) => q.subject.startsWith('Can I park a hovercraft'))!;
    const known = list.find((q) => q.subject.startsWith('Do you rent out submarine'))!;
    expect(anon).toMatchObject({ kind: 'bot', name: null, email: null, status: 'open' });
    expect(known).toMatchObject({ name: 'Gita Guest', email: guest.email });

    // no address: no e-mail reply, but it can be marked answered
    expect((await call('GET', `support/bot/${anon.id}`)).json().result.can_email).toBe(false);
    const refused = await call('POST', `support/bot/${anon.id}/reply`, { reply: 'We added an FAQ.' });
    expect(refused.statusCode).toBe(409);
    const resolved = await call('POST', `support/bot/${anon.id}/resolve`, { note: 'Added to the FAQ' });
    expect(resolved.json().result).toMatchObject({ status: 'answered', reply: 'Added to the FAQ' });

    // a signed-in asker gets the reply by e-mail
    const replied = await call('POST', `support/bot/${known.id}/reply`, { reply: 'We do not, sorry.' });
    expect(replied.statusCode).toBe(200);
    const mail = (await outbox(guest.email)).find((m) => m.subject === 'An answer to your question to Parkly');
    expect(mail!.body_text).toContain('> Do you rent out submarine berths?');
  });

  it('answers 400 for bad input, 404 for unknown ids, 403 to non-admins, never 5xx', async () => {
    const id = await contact('Validation checks');
    for (const body of [{ reply: '' }, { reply: '   ' }, { reply: 'x'.repeat(5001) }, {}, { reply: 42 }]) {
      const res = await call('POST', `support/contact/${id}/reply`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 30)).toBe(400);
      expect(res.json().errors).toHaveProperty('reply');
    }
    expect((await call('POST', `support/contact/${id}/resolve`, { note: 'x'.repeat(5001) })).json().errors).toHaveProperty('note');
    for (const path of ['support/contact/00000000-0000-4000-8000-000000000000', 'support/bot/not-a-uuid', `support/bot/${id}`]) {
      expect((await call('GET', path)).statusCode, path).toBe(404);
      expect((await call('POST', `${path}/reply`, { reply: 'Hi' })).statusCode, path).toBe(404);
    }
    expect((await call('GET', `support/other/${id}`)).statusCode).toBe(400);
    expect((await call('GET', 'support?kind=email')).statusCode).toBe(400);
    expect((await call('GET', 'support?status=closed')).statusCode).toBe(400);
    expect((await call('POST', `support/contact/${id}/reopen`)).statusCode).toBe(409);
    for (const [method, path, body] of [
      ['GET', 'support'],
      ['GET', `support/contact/${id}`],
      ['POST', `support/contact/${id}/reply`, { reply: 'Hi' }],
      ['POST', `support/contact/${id}/resolve`, {}],
    ] as const) {
      expect((await call(method, path, body, guest)).statusCode, `${method} ${path}`).toBe(403);
    }
    expect((await call('GET', `support/contact/${id}`)).json().result.status).toBe('open');
  });
});
