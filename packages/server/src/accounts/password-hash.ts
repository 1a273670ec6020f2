import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N = 2^logN, block size r, parallelism p. */
export interface ScryptCost {
  logN: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt setting with 32 MiB per hash (N=2^15, r=8, p=3). Every hash carries its own
 * cost, so raising this later re-hashes each password at its next sign-in.
 */
export const PASSWORD_COST: ScryptCost = { logN: 15, r: 8, p: 3 };

const KEY_BYTES = 32;
const SALT_BYTES = 16;
// A stored hash names its own cost: bound it, so a damaged row cannot make a sign-in hang or
// ask for gigabytes.
const MAX_LOG_N = 20;
const MAX_RP = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new salted hash: `scrypt$<logN>$<r>$<p>$<salt>$<key>`, salt and key in base64url. */
export async function hashPassword(password: string, cost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  const { logN, r, p } = cost;
  return ['scrypt', logN, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A hash in the stored form, at `cost`, that no password gives: a random salt and a random key,
 * not derived from anything. Checking a password against it runs one scrypt at that cost, as
 * against a real hash, and never matches (that would take finding a preimage of a random key);
 * made without running scrypt, which cost every start about 350 ms of CPU at the production cost.
 */
export function unmatchableHash(cost = PASSWORD_COST): string {
  const salt = randomBytes(SALT_BYTES).toString('base64url');
  const key = randomBytes(KEY_BYTES).toString('base64url');
  return ['scrypt', cost.logN, cost.r, cost.p, salt, key].join('$');
}

interface ParsedHash {
  cost: ScryptCost;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const bounded = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!bounded(logN, MAX_LOG_N) || !bounded(r, MAX_RP) || !bounded(p, MAX_RP)) return undefined;
  if (128 * 2 ** logN * r > MAX_MEMORY) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (key.length !== KEY_BYTES || salt.length === 0) return undefined;
  return { cost: { logN, r, p }, salt, key };
}

/** Whether the password gives the stored hash; compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with another cost than `cost`, and so should be redone. */
export function needsRehash(stored: string, cost = PASSWORD_COST): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const c = parsed.cost;
  return c.logN !== cost.logN || c.r !== cost.r || c.p !== cost.p;
}
