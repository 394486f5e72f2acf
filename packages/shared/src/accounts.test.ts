import { describe, expect, it } from 'vitest';
import { loginSchema, signupSchema } from './accounts';

describe('account schemas', () => {
  it('normalises the e-mail address', () => {
    const r = signupSchema.parse({ name: ' Asha ', email: ' Asha@Example.COM ', password: 'long enough pass' });
    expect(r).toMatchObject({ name: 'Asha', email: 'asha@example.com' });
  });

  it('names the field that is wrong', () => {
    const r = signupSchema.safeParse({ name: '', email: 'not-an-email', password: 'short' });
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['name', 'email', 'password']));
  });

  it('treats an empty phone as absent', () => {
    expect(signupSchema.parse({ name: 'A', email: 'a@b.co', password: '12345678x', phone: '' }).phone).toBeUndefined();
  });

  it('refuses a password longer than 128 characters at login', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(129) }).success).toBe(false);
  });
});
