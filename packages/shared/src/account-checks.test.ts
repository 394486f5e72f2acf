import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkLogin, checkSignup, type CheckResult } from './account-checks';
import { loginSchema, signupSchema } from './accounts';

/** What the form shows for a zod answer: success with the parsed values, or the first message per field. */
function viaZod(schema: z.ZodType, input: Record<string, string>): CheckResult<string, unknown> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, values: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

const emails = [
  '',
  ' ',
  'asha@example.com',
  ' Asha@Example.COM ',
  'not-an-email',
  'a@b',
  'a@b.c',
  'a@b.co',
  'first.last+tag@sub.example.in',
  '.dot@example.com',
  'dot.@example.com',
  'two..dots@example.com',
  'o\'brien@example.ie',
  'a b@example.com',
  'a@-example.com',
  'a@example..com',
  'ünï@example.com',
  `${'a'.repeat(250)}@b.co`,
  `${'a'.repeat(245)}@b.co`,
  'a@b.co\n',
  'A@B.CO ',
];
const passwords = ['', 'x', 'short', '1234567', '12345678', 'long enough pass', ' spaced  ', 'x'.repeat(128), 'x'.repeat(129)];
const names = ['', '   ', 'A', ' Asha ', 'x'.repeat(80), 'x'.repeat(81), ` ${'x'.repeat(80)} `];
const phones = ['', ' ', '12345', '+91 98765 43210', '98765-43210', '+919876543210', '+', 'phone', ' +91 98765 43210 ', '1'.repeat(20), '1'.repeat(21), '12345678-'];

describe('account checks without zod', () => {
  it('judge a login as loginSchema does', () => {
    for (const email of emails) {
      for (const password of passwords) {
        const input = { email, password };
        expect(checkLogin(input), JSON.stringify(input)).toEqual(viaZod(loginSchema, input));
      }
    }
  });

  it('judge a sign-up as signupSchema does', () => {
    let compared = 0;
    for (const name of names) {
      for (const email of emails) {
        for (const phone of phones) {
          for (const password of passwords) {
            const input = { name, email, phone, password };
            expect(checkSignup(input), JSON.stringify(input)).toEqual(viaZod(signupSchema, input));
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(names.length * emails.length * phones.length * passwords.length);
  });

  it('clean the values the server would', () => {
    expect(checkSignup({ name: ' Asha ', email: ' Asha@Example.COM ', phone: '', password: 'long enough pass' })).toEqual({
      ok: true,
      values: { name: 'Asha', email: 'asha@example.com', password: 'long enough pass' },
    });
    expect(checkLogin({ email: '', password: '' })).toEqual({ ok: false, errors: { email: 'Enter a valid e-mail address', password: 'Enter your password' } });
  });
});
