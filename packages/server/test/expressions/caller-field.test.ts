import { prepareEvaluation } from '@specrun/expr';
import { describe, expect, it } from 'vitest';
import { callerField } from '../../src/expressions/caller-field.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

// A default naming one of the caller's built-in fields is read without the interpreter: it must
// answer what evaluating it answers, signed in or not.
const model = EXAMPLE_MODELS.helpdesk!;
const scope = { hasUser: true, hasInput: true };
const cara = {
  id: '01a23798-3ed5-7558-adbe-5bf22f11a0b1',
  email: 'cara@example.test',
  name: 'Cara',
  roles: ['customer'],
  createdAt: '2026-01-02T03:04:05.000Z',
};

/** The expression's value as evaluating it gives, empty where it cannot be evaluated. */
function evaluated(source: string, bindings: Record<string, unknown>): unknown {
  try {
    return prepareEvaluation(source, model, scope)(bindings) ?? null;
  } catch {
    return null;
  }
}

describe('a default naming a field of the caller', () => {
  for (const source of ['user.id', 'user.email', 'user.name', ' user . id ']) {
    it(`reads \`${source}\` as evaluating it does`, () => {
      const read = callerField(source);
      expect(read).toBeDefined();
      for (const user of [cara, null]) {
        const bindings = { user, now: new Date(), input: { title: 'A title' } };
        expect(read!(bindings)).toEqual(evaluated(source, bindings));
      }
      expect(read!({ user: cara })).not.toBeNull();
    });
  }

  it('leaves every other expression to the interpreter', () => {
    for (const source of ['user.createdAt', 'user.roles', 'input.id', 'user.id + "x"', 'users.id'])
      expect(callerField(source), source).toBeUndefined();
  });
});
