import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  needsRehash,
  unmatchableHash,
  verifyPassword,
} from '../../src/accounts/password-hash.js';
import { passwordProblem } from '@specrun/model';
import { TEST_COST } from './support/accounts-app.js';

describe('password hashes', () => {
  it('verify the password they were made from, and no other', async () => {
    const hash = await hashPassword('correct horse', TEST_COST);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('are salted: the same password hashes differently each time', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password', TEST_COST),
      hashPassword('same password', TEST_COST),
    ]);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same password');
  });

  it('treat composed and decomposed accents as the same password', async () => {
    const hash = await hashPassword('caf\u00e9 au lait', TEST_COST);
    expect(await verifyPassword('cafe\u0301 au lait', hash)).toBe(true);
  });

  it('carry their cost, and ask to be redone when the cost changes', async () => {
    const hash = await hashPassword('correct horse', TEST_COST);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '10', '8', '1']);
    expect(needsRehash(hash, TEST_COST)).toBe(false);
    expect(needsRehash(hash, { ...TEST_COST, logN: 11 })).toBe(true);
  });

  it('include one no password gives, at the cost asked, checked as a real one is', async () => {
    const hash = unmatchableHash(TEST_COST);
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '10', '8', '1']);
    expect(needsRehash(hash, TEST_COST)).toBe(false);
    expect(unmatchableHash(TEST_COST)).not.toBe(hash);
    for (const password of ['', 'no one has this password', 'correct horse'])
      expect(await verifyPassword(password, hash)).toBe(false);
  });

  it('refuse damaged or unbounded stored hashes without working on them', async () => {
    const hash = await hashPassword('correct horse', TEST_COST);
    const parts = hash.split('$');
    const damaged = [
      '',
      'plain text',
      ['bcrypt', ...parts.slice(1)].join('$'),
      ['scrypt', '40', ...parts.slice(2)].join('$'),
      ['scrypt', '20', '64', ...parts.slice(3)].join('$'),
      [...parts.slice(0, 5), 'c2hvcnQ'].join('$'),
    ];
    for (const stored of damaged) {
      expect(await verifyPassword('correct horse', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    }
  });
});

describe('password rules', () => {
  it('count characters, not UTF-16 units', () => {
    expect(passwordProblem('🔑'.repeat(15))).toBeUndefined();
    expect(passwordProblem('🔑'.repeat(14))).toContain('at least 15');
    expect(passwordProblem('🔑'.repeat(200))).toBeUndefined();
    expect(passwordProblem('a'.repeat(201))).toContain('at most 200');
  });
});
