import { expect } from 'vitest';
import { AppError } from '../../../src/index.js';

/** How many rule and field cases were checked, by dialect, printed at the end of each suite. */
export const checked: Record<string, { rules: number; fields: number }> = {};

/** Counts one case of `kind` on a dialect. */
export function countCase(dialect: string, kind: 'rules' | 'fields'): void {
  checked[dialect] ??= { rules: 0, fields: 0 };
  checked[dialect][kind]++;
}

/** Expects the work to fail with an AppError of `code`, naming `field` when given. */
export async function expectCode(
  work: Promise<unknown>,
  code: string,
  field?: string,
): Promise<AppError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  const label = `${code}${field ? ` on ${field}` : ''}`;
  expect(error, `expected ${label}`).toBeInstanceOf(AppError);
  const app = error as AppError;
  expect(app.code, `expected ${label}: ${JSON.stringify(app.errors)}`).toBe(code);
  if (field !== undefined)
    expect(
      app.errors?.map((e) => e.field),
      `${code} names ${field}`,
    ).toContain(field);
  return app;
}
