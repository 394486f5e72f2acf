import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Checks `Authorization: Bearer <token>` in constant time: both sides are hashed to 32 bytes first, so
 * neither a wrong length nor a right prefix answers sooner, and a missing header takes the same path.
 */
export function bearerTokenChecker(token: string) {
  const expected = digest(token);
  return (authorization: string | undefined): boolean => {
    const given = /^Bearer ([^\s]+)$/i.exec(authorization ?? '')?.[1] ?? '';
    return timingSafeEqual(digest(given), expected);
  };
}
