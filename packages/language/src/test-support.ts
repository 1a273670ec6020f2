import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SECTION_DEFINITIONS, type Diagnostic } from '@specrun/model';
import { expect } from 'vitest';
import { DIAGNOSTIC_CODES } from './diagnostics/diagnostic-codes.js';
import { parseSpec, type ParseResult } from './parse-spec.js';

/** The repository's root folder. */
export const repo = fileURLToPath(new URL('../../../', import.meta.url));
const specsIn = (dir: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.spec.md'))
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
};

/**
 * The valid specifications: every example of the repository, the seed among them. Here, not in
 * a test file: importing a test file runs its tests again in the importing file.
 */
export const VALID_SPECS = specsIn(join(repo, 'examples'));

const TITLES = SECTION_DEFINITIONS.map((d) => d.title);

/** A whole specification whose sections are the given bodies, the others unspecified. */
export function spec(
  bodies: Partial<Record<number, string>>,
  title = '# Specification: Test',
): string {
  const parts = [title, ''];
  TITLES.forEach((name, i) => {
    parts.push(`## ${i + 1}. ${name}`, '', bodies[i + 1]?.trim() ?? 'This is not specified.', '');
  });
  return parts.join('\n');
}

/** Parses a document, failing the test if any diagnostic's code is not in DIAGNOSTIC_CODES. */
export function parse(md: string): ParseResult {
  const result = parseSpec(md, { file: 'test.spec.md' });
  for (const d of result.diagnostics)
    expect(DIAGNOSTIC_CODES, `code ${d.code} is listed`).toHaveProperty([d.code]);
  return result;
}

/** The line and column where `needle` (its `nth` occurrence, from 0) starts in the document. */
export function at(md: string, needle: string, nth = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = md.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" is not in the document`);
  }
  const before = md.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const show = (ds: readonly Diagnostic[]): string =>
  ds.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}: ${d.message}`).join('\n');

/** Asserts that parsing gives a diagnostic with the code, at the position when given. */
export function expectDiagnostic(
  md: string,
  code: string,
  position?: { line: number; column?: number },
): Diagnostic {
  const { diagnostics } = parse(md);
  const found = diagnostics.find(
    (d) =>
      d.code === code &&
      (position === undefined ||
        (d.line === position.line &&
          (position.column === undefined || d.column === position.column))),
  );
  expect(
    found,
    `expected ${code}${position ? ` at ${position.line}:${position.column ?? '*'}` : ''} in:\n${show(diagnostics)}`,
  ).toBeDefined();
  return found!;
}

/** Asserts that parsing gives no diagnostic with the code. */
export function expectNoDiagnostic(md: string, code: string): void {
  const { diagnostics } = parse(md);
  expect(
    diagnostics.filter((d) => d.code === code),
    show(diagnostics),
  ).toEqual([]);
}

/** Asserts that parsing gives no errors (warnings too, unless allowed), and returns the model. */
export function expectClean(md: string, allowWarnings = false): ParseResult['model'] {
  const { model, diagnostics } = parse(md);
  const bad = diagnostics.filter(
    (d) => d.severity === 'error' || (!allowWarnings && d.severity === 'warning'),
  );
  expect(bad, show(bad)).toEqual([]);
  return model;
}
