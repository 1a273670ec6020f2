import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES } from './diagnostic-codes.js';

// Every file of the package's src/, in its folders: paths relative to src/.
const dir = fileURLToPath(new URL('..', import.meta.url));
const files = readdirSync(dir, { encoding: 'utf8', recursive: true }).filter((f) =>
  f.endsWith('.ts'),
);
const read = (f: string): string => readFileSync(join(dir, f), 'utf8');
const sources = files.filter(
  (f) =>
    !f.endsWith('.test.ts') &&
    basename(f) !== 'test-support.ts' &&
    basename(f) !== 'diagnostic-codes.ts',
);
const tests = files.filter((f) => f.endsWith('.test.ts'));

const emitted = new Set(
  sources.flatMap((f) =>
    [...read(f).matchAll(/(?:\b(?:error|warning|note)\(\s*|\bcode: )'([a-z][a-z-]*)'/g)].map(
      (m) => m[1]!,
    ),
  ),
);
const asserted = new Set(
  tests.flatMap((f) =>
    [...read(f).matchAll(/expectDiagnostic\(\s*\w+,\s*'([a-z][a-z-]*)'/g)].map((m) => m[1]!),
  ),
);

describe('DIAGNOSTIC_CODES', () => {
  it('lists every code the reader emits', () => {
    expect([...emitted].filter((code) => !(code in DIAGNOSTIC_CODES))).toEqual([]);
  });

  it('has a test asserting each code and its position', () => {
    expect(Object.keys(DIAGNOSTIC_CODES).filter((code) => !asserted.has(code))).toEqual([]);
  });

  it('gives each code a kebab-case name, a meaning and a fix', () => {
    for (const [code, info] of Object.entries(DIAGNOSTIC_CODES)) {
      expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(info.meaning.length).toBeGreaterThan(10);
      expect(info.fix.length).toBeGreaterThan(5);
    }
  });

  it('is documented in docs/spec-language.md', () => {
    const docs = readFileSync(
      fileURLToPath(new URL('../../../../docs/spec-language.md', import.meta.url)),
      'utf8',
    );
    const section = docs.slice(docs.indexOf('## Diagnostics'));
    expect(
      // Table cells may be padded for alignment.
      Object.keys(DIAGNOSTIC_CODES).filter(
        (code) => !new RegExp(`\\|\\s*\`${code}\`\\s*\\|`).test(section),
      ),
    ).toEqual([]);
  });
});
