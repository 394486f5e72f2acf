import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SENT_MESSAGE } from '@parkly/shared/content';
import { api, createTestApp, type TestContext } from '../../../test/helper';
import { seedDemoData } from '../../seed/demo';
import { createTestUser } from '../notifications/test-users';
import { GREETING_REPLY } from './chatbot.service';
import { ACK_LIMIT } from './contact.service';
import { SUPPORT_LIMITS } from './support.routes';

let address = 0;
/** Each call comes from its own client address unless one is given, so only the rate-limit tests hit the limits. */
const nextAddress = () => `10.0.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

describe('support', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: '1' });
    await seedDemoData(t.db);
  });
  afterAll(() => t.close());

  const ask = (payload: unknown, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: api('chatboat'), payload: payload as object, remoteAddress });
  const reply = async (message: string) => {
    const res = await ask({ message });
    expect(res.statusCode, message).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    return body.data as string;
  };

  describe('POST chatboat', () => {
    it('greets a greeting', async () => {
      expect(await reply('hi')).toBe(GREETING_REPLY);
      expect(await reply('Hello!')).toBe(GREETING_REPLY);
      expect(await reply('good morning')).toBe(GREETING_REPLY);
    });

    it('answers natural questions from the FAQ', async () => {
      const cases: [string, RegExp][] = [
        ['how do I cancel my booking?', /^How do I cancel my booking\?\nOpen My Bookings/],
        ['Can I store my boat here?', /^Can I store an RV, caravan, boat or trailer\?/],
        ['When do hosts get paid?', /^How and when do I get paid as a host\?/],
        ['what is the service fee', /5% service fee/],
        ['do you have EV charging', /^Is there EV charging/],
        ['What happens if the host cancels?', /always get a full refund/],
      ];
      for (const [question, expected] of cases) expect(await reply(question), question).toMatch(expected);
    });

    it('answers from the help pages: where the office is and how to reach support', async () => {
      expect(await reply('Where is your office?')).toMatch(/27 Residency Road.*Bengaluru 560025/);
      const phone = await reply('what is your phone number');
      expect(phone).toContain('+91 80 4567 8900');
      expect(phone).toContain('support@parkly.in');
    });

    it('points to the support e-mail and phone when nothing matches', async () => {
      for (const question of ['Can I park a helicopter?', 'What is the capital of France?', "'; DROP TABLE faqs; --", '<script>alert(1)</script>']) {
        const answer = await reply(question);
        expect(answer, question).toMatch(/couldn't find an answer/);
        expect(answer).toContain('support@parkly.in');
        expect(answer).toContain('+91 80 4567 8900');
      }
    });

    it('reads the contact details from the support page', async () => {
      await t.db.query(`UPDATE page_entries SET page_description = 'help@parkly.example' WHERE page_name = 'support' AND entry_key = 'email'`);
      try {
        expect(await reply('What is the meaning of life?')).toContain('help@parkly.example');
      } finally {
        await t.db.query(`UPDATE page_entries SET page_description = 'support@parkly.in' WHERE page_name = 'support' AND entry_key = 'email'`);
      }
    });

    it('refuses an empty or malformed message with 400, never a 5xx', async () => {
      for (const payload of [{ message: '' }, { message: '   \n\t ' }, {}, { message: 42 }, { message: null }, { message: 'x'.repeat(10_000) }, [], { message: ['hi'] }]) {
        const res = await ask(payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
        expect(res.json()).toHaveProperty('message');
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: api('chatboat'),
        headers: { 'content-type': 'application/json' },
        payload: '{"message":',
        remoteAddress: nextAddress(),
      });
      expect(broken.statusCode).toBe(400);
      expect((await ask({ message: 'hi\u0000 there' })).statusCode).toBe(200);
      expect((await ask({ message: '!!! && || () :* <-> \'"' })).statusCode).toBe(200);
    });

    it(`allows ${SUPPORT_LIMITS.chatbot.max} messages a minute from one address`, async () => {
      const from = '192.0.2.10';
      for (let i = 0; i < SUPPORT_LIMITS.chatbot.max; i++) expect((await ask({ message: 'hi' }, from)).statusCode).toBe(200);
      const limited = await ask({ message: 'hi' }, from);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
      expect((await ask({ message: 'hi' }, '192.0.2.11')).statusCode).toBe(200);
    });
  });

  describe('POST contact', () => {
    const message = { name: 'Aarav Sharma', email: 'aarav@example.com', subject: 'Gate code', message: 'The gate code for my booking did not work this morning.' };
    const contact = (payload: unknown, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
      t.app.inject({ method: 'POST', url: api('contact'), payload: payload as object, headers: opts.headers, remoteAddress: opts.remoteAddress ?? nextAddress() });
    const outbox = (to: string) => t.db.query<{ subject: string; body_text: string }>(`SELECT subject, body_text FROM email_outbox WHERE to_address = $1 ORDER BY created_at`, [to]);

    it('stores the message and queues mail to support and an acknowledgement to the sender', async () => {
      const res = await contact(message);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: CONTACT_SENT_MESSAGE });
      const [stored] = await t.db.query(`SELECT user_id, name, email, subject, message FROM contact_messages WHERE email = $1`, [message.email]);
      expect(stored).toEqual({ user_id: null, ...message });
      const [toSupport] = await outbox('support@parkly.in');
      expect(toSupport!.subject).toBe('[Contact] Gate code');
      expect(toSupport!.body_text).toContain('The gate code for my booking did not work this morning.');
      expect(toSupport!.body_text).toContain('Aarav Sharma <aarav@example.com>');
      const [ack] = await outbox('aarav@example.com');
      expect(ack!.subject).toBe('We received your message');
      expect(ack!.body_text).not.toContain('gate code');
    });

    it('links the message to the account when signed in', async () => {
      const user = await createTestUser(t.db);
      const res = await contact({ ...message, email: 'Signed.In@Example.com' }, { headers: user.headers });
      expect(res.statusCode).toBe(201);
      const [stored] = await t.db.query(`SELECT user_id, email FROM contact_messages WHERE user_id = $1`, [user.id]);
      expect(stored).toEqual({ user_id: user.id, email: 'signed.in@example.com' });
    });

    it(`acknowledges at most ${ACK_LIMIT.max} messages an hour to one recipient`, async () => {
      const target = { ...message, email: 'someone-else@example.com' };
      for (let i = 0; i < ACK_LIMIT.max + 2; i++) expect((await contact(target)).statusCode).toBe(201);
      expect(await outbox('someone-else@example.com')).toHaveLength(ACK_LIMIT.max);
    });

    it('refuses bad input with field errors and stores nothing', async () => {
      const before = (await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM contact_messages`))[0]!.n;
      const cases: [unknown, string][] = [
        [{ ...message, email: 'not-an-email' }, 'email'],
        [{ ...message, name: '' }, 'name'],
        [{ ...message, subject: '   ' }, 'subject'],
        [{ ...message, message: 'short' }, 'message'],
        [{ ...message, message: 'x'.repeat(10_000) }, 'message'],
        [{ ...message, name: 42 }, 'name'],
        [{ name: 'Only a name' }, 'email'],
      ];
      for (const [payload, field] of cases) {
        const res = await contact(payload);
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors, field).toHaveProperty(field);
      }
      expect((await t.db.query<{ n: number }>(`SELECT count(*) AS n FROM contact_messages`))[0]!.n).toBe(before);
    });

    it('stores markup, SQL and NUL characters as plain text', async () => {
      const odd = { name: "Robert'); DROP TABLE users;--", email: 'odd@example.com', subject: '<script>alert(1)</script>\r\nBcc: x@y.z', message: 'Hello\u0000 <b>there</b>, this is long enough.' };
      const res = await contact(odd);
      expect(res.statusCode).toBe(201);
      const [stored] = await t.db.query<{ name: string; message: string }>(`SELECT name, message FROM contact_messages WHERE email = 'odd@example.com'`);
      expect(stored!.name).toBe(odd.name);
      expect(stored!.message).toBe('Hello <b>there</b>, this is long enough.');
      const [mail] = await outbox('support@parkly.in').then((rows) => rows.filter((r) => r.subject.includes('script')));
      expect(mail!.subject).not.toMatch(/[\r\n]/);
    });

    it(`allows ${SUPPORT_LIMITS.contact.max} messages an hour from one address`, async () => {
      const from = '198.51.100.7';
      for (let i = 0; i < SUPPORT_LIMITS.contact.max; i++) {
        expect((await contact({ ...message, email: `limit${i}@example.com` }, { remoteAddress: from })).statusCode).toBe(201);
      }
      const limited = await contact(message, { remoteAddress: from });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    });
  });
});
