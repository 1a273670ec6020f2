import type { AppModel } from '@specrun/model';
import { expect } from 'vitest';
import { checkExpression } from '../check-expression.js';
import type { ExprIssue } from '../issues.js';
import type { ExprScope } from '../scope.js';

/** Asserts that checking `source` gives exactly one issue, with that code at that offset. */
export function expectIssue(
  source: string,
  model: AppModel,
  scope: ExprScope,
  expected: { code: string; offset: number; hint?: string },
): ExprIssue {
  const { issues } = checkExpression(source, model, scope);
  expect(issues).toHaveLength(1);
  expect(issues[0]).toMatchObject(expected);
  return issues[0]!;
}

/** The offset of `token` in `source` (its `nth` occurrence), so tests say where, not compute it. */
export function at(source: string, token: string, nth = 1): number {
  let offset = -1;
  for (let i = 0; i < nth; i++) offset = source.indexOf(token, offset + 1);
  if (offset < 0) throw new Error(`${token} is not in ${source}`);
  return offset;
}
