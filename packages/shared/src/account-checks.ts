import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './constants';

/**
 * The sign-up and login rules of accounts.ts, without zod, for the forms of pages a visitor opens first
 * (/login, /sign_up): zod and the schemas weigh 26 KB gzipped, more than either page's own code. The zod
 * schemas stay the source of truth (the server parses every body with them); account-checks.test.ts
 * holds these checks to them on the same inputs: the same verdict, the same first message per field and
 * the same cleaned values.
 */

/** One message per field that is wrong, as a form shows it; empty when everything is right. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;
export type CheckResult<F extends string, T> = { ok: true; values: T } | { ok: false; errors: FieldErrors<F> };

/** zod 4's z.email() pattern (zod/v4/core/regexes.js `email`). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const PHONE = /^\+?[0-9][0-9 -]{6,18}[0-9]$/;

type Checked = { value: string } | { error: string };

/** emailSchema: trimmed, lower-cased, at most 254 characters, an e-mail address. */
export function checkEmail(raw: string): Checked {
  const value = raw.trim().toLowerCase();
  if (value.length > 254) return { error: 'E-mail address is too long' };
  return EMAIL.test(value) ? { value } : { error: 'Enter a valid e-mail address' };
}

/** passwordSchema: PASSWORD_MIN to PASSWORD_MAX characters, as typed. */
export function checkPassword(value: string): Checked {
  if (value.length < PASSWORD_MIN) return { error: `Use at least ${PASSWORD_MIN} characters` };
  if (value.length > PASSWORD_MAX) return { error: `Use at most ${PASSWORD_MAX} characters` };
  return { value };
}

/** nameSchema: trimmed, 1 to NAME_MAX characters. */
export function checkName(raw: string): Checked {
  const value = raw.trim();
  if (value.length < 1) return { error: 'Enter your name' };
  if (value.length > NAME_MAX) return { error: `Use at most ${NAME_MAX} characters` };
  return { value };
}

/** phoneSchema (trimmed, a phone number); an empty field means no phone. */
export function checkOptionalPhone(raw: string): { value: string | undefined } | { error: string } {
  if (raw === '') return { value: undefined };
  const value = raw.trim();
  return PHONE.test(value) ? { value } : { error: 'Enter a valid phone number' };
}

function collect<F extends string, T>(checks: Record<F, { value?: unknown } | { error: string }>): CheckResult<F, T> {
  const errors: FieldErrors<F> = {};
  const values: Record<string, unknown> = {};
  for (const [field, result] of Object.entries(checks) as [F, { value?: unknown; error?: string }][]) {
    if (result.error !== undefined) errors[field] = result.error;
    else if (result.value !== undefined) values[field] = result.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, values: values as T };
}

export type LoginFields = 'email' | 'password';
/** loginSchema. */
export function checkLogin(input: Record<LoginFields, string>): CheckResult<LoginFields, { email: string; password: string }> {
  const password = input.password;
  // the schema's own error ('Enter your password') is the message of each of its checks
  const fits = password.length >= 1 && password.length <= PASSWORD_MAX;
  return collect({ email: checkEmail(input.email), password: fits ? { value: password } : { error: 'Enter your password' } });
}

export type SignupFields = 'name' | 'email' | 'phone' | 'password';
/** signupSchema. */
export function checkSignup(
  input: Record<SignupFields, string>,
): CheckResult<SignupFields, { name: string; email: string; password: string; phone?: string }> {
  return collect({
    name: checkName(input.name),
    email: checkEmail(input.email),
    password: checkPassword(input.password),
    phone: checkOptionalPhone(input.phone),
  });
}
