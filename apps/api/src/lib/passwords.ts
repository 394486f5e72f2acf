import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** argon2id at OWASP's minimum: 19 MiB, two passes, one lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax)
const ARGON2 = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // compare against a fixed hash when there is none, so a missing account takes as long as a wrong password
  const target = passwordHash ?? (await dummyHash);
  try {
    return (await verify(target, password)) && passwordHash !== null;
  } catch {
    return false;
  }
}
const dummyHash = hash('parkly-no-such-account', ARGON2);

const common = new Set<string>(dictionary['passwords-common'].map((p) => p.toLowerCase()));
const PRODUCT_WORDS = ['parkly', 'parkly123', 'password1', 'parking123'];

/** True for passwords found in the common-password list (zxcvbn's) or made only of one repeated character. */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  return common.has(p) || PRODUCT_WORDS.includes(p) || /^(.)\1+$/.test(p) || /^(0123456789|1234567890|abcdefgh)/.test(p);
}
