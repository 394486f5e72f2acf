import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks `Authorization: Bearer <token>` in constant time: both sides are hashed to 32 bytes first, so
 * neither a wrong length nor a right prefix answers sooner, and a missing header takes the same path.
 * `compare` is node's timingSafeEqual; a test passes a watched one.
 */
export function bearerTokenChecker(token: string, compare: typeof timingSafeEqual = timingSafeEqual) {
  const expected = digest(token);
  return (authorization: string | undefined): boolean => {
    const given = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')?.[1] ?? '';
    return compare(digest(given), expected);
  };
}
