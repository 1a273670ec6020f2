import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

// Crockford's base 32: no I, L, O or U, so that a code read off a terminal is typed right.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A one-time code of 60 random bits, printed at start, as `XXXX-XXXX-XXXX`. */
export function newSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [0, 4, 8].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

// As typed: any case, with or without dashes and spaces; Crockford's look-alikes read as digits.
const typed = (code: string) =>
  code.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
const digest = (code: string) => createHash('sha256').update(typed(code)).digest();

/** Whether a code given by a person is the setup code, compared in constant time. */
export function isSetupCode(given: unknown, code: string): boolean {
  return typeof given === 'string' && timingSafeEqual(digest(given), digest(code));
}
