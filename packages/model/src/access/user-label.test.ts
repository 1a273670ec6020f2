import { describe, expect, it } from 'vitest';
import type { AppModel, Field } from '../index.js';
import { userLabel } from './user-label.js';

const field = (name: string, unique: boolean): Field => ({
  name,
  type: { kind: 'text' },
  required: false,
  rules: unique ? [{ kind: 'unique' }] : [],
  builtin: false,
});
const model = (fields: Field[]) =>
  ({
    entities: [{ name: 'User', plural: 'users', description: '', fields, builtin: true }],
  }) as unknown as AppModel;

describe('userLabel', () => {
  it('shows the name when there is one', () => {
    expect(userLabel(model([]), { name: 'Ada', email: 'a@x.test' })).toBe('Ada');
  });

  it('shows the first unique text field when the name is empty', () => {
    const m = model([field('nickname', false), field('username', true)]);
    expect(userLabel(m, { name: null, username: 'ada', email: 'a@x.test' })).toBe('ada');
    expect(userLabel(m, { name: '  ', username: 'ada', email: 'a@x.test' })).toBe('ada');
  });

  it('falls back on the email', () => {
    expect(userLabel(model([]), { name: null, email: 'a@x.test' })).toBe('a@x.test');
    expect(userLabel(model([field('username', true)]), { email: 'a@x.test' })).toBe('a@x.test');
  });
});
