/**
 * Secrets: game ids and tokens. A token is 192 random bits (base64url); the database keeps only its SHA-256, and
 * a presented token is checked against every hash of the game in constant time, so neither the comparison nor
 * its position tells anything about the stored tokens.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A game id: 72 random bits, 12 base64url characters (ids are not secrets; tokens are). */
export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Which of `candidates` (hex SHA-256 hashes) `token` hashes to: the index, or -1. Every candidate is compared,
 * each in constant time.
 */
export function matchToken(token: string, candidates: readonly string[]): number {
  const given = Buffer.from(hashToken(token), 'hex');
  let found = -1;
  candidates.forEach((hash, i) => {
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given) && found < 0) found = i;
  });
  return found;
}

/** The token of an `Authorization: Bearer TOKEN` header, '' for another scheme, undefined when absent. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? '';
}
