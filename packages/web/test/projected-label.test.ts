import type { Entity } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { isProjected, projectedLabel } from '../src/model/record-label.js';

const field = (name: string, unique = false) => ({
  name,
  type: { kind: 'text' as const },
  required: false,
  rules: unique ? [{ kind: 'unique' as const }] : [],
});
const user: Entity = {
  name: 'User',
  plural: 'users',
  fields: [field('bio'), field('username', true)],
} as unknown as Entity;

describe('a record a declared call answers as a projection', () => {
  it('is told from a record with an id and from a bare id', () => {
    expect(isProjected({ username: 'bob' })).toBe(true);
    expect(isProjected({ id: 'u1', username: 'bob' })).toBe(false);
    expect(isProjected('u1')).toBe(false);
  });

  it('is named by its naming field, else its first unique text, else its kind', () => {
    expect(projectedLabel(user, { bio: 'Writes', username: 'bob' })).toBe('bob');
    expect(projectedLabel(user, { bio: 'Writes' })).toBe('Writes');
    expect(projectedLabel(user, { following: true })).toBe('User');
  });
});
