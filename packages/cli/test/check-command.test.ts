import { examplePath } from '../../../tests/support/examples.js';
import { SECTION_DEFINITIONS } from '@specrun/model';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSpecrun } from './run-binary.js';

const dir = mkdtempSync(join(tmpdir(), 'specrun-check-'));
const SEED = examplePath('unspecified');

const TITLES = SECTION_DEFINITIONS.map((d) => d.title);

/** Writes a document whose sections come in `order`, each one line of "not shown". */
function writeDoc(name: string, order: number[]): string {
  const lines = ['# Specification: Check test', ''];
  for (const n of order) lines.push(`## ${n}. ${TITLES[n - 1]}`, '', 'This is not shown.', '');
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n'));
  return path;
}

const problems = (stdout: string) =>
  (
    JSON.parse(stdout) as {
      diagnostics: { severity: string; code: string; line: number; column: number }[];
    }
  ).diagnostics
    .filter((d) => d.severity !== 'note')
    .map(({ severity, code, line, column }) => ({ severity, code, line, column }));

describe('specrun check', () => {
  it('passes the seed with exit code 0', async () => {
    const result = await runSpecrun(['check', SEED]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 errors, 0 warnings, 9 notes');
  });

  it('reports a missing section as a warning at the next heading, exit 0', async () => {
    const result = await runSpecrun([
      'check',
      writeDoc('missing.md', [1, 2, 3, 4, 6, 7, 8, 9]),
      '--json',
    ]);
    expect(problems(result.stdout)).toEqual([
      { severity: 'warning', code: 'missing-section', line: 19, column: 1 },
    ]);
    expect(result.code).toBe(0);
  });

  it('reports sections out of order as an error at the late heading, exit 1', async () => {
    const result = await runSpecrun([
      'check',
      writeDoc('order.md', [1, 2, 4, 3, 5, 6, 7, 8, 9]),
      '--json',
    ]);
    expect(problems(result.stdout)).toEqual([
      { severity: 'error', code: 'section-out-of-order', line: 15, column: 1 },
    ]);
    expect(result.code).toBe(1);
  });

  it('prints compiler-style excerpts with a caret and a hint on a terminal', async () => {
    const result = await runSpecrun(['check', writeDoc('order2.md', [1, 2, 4, 3, 5, 6, 7, 8, 9])]);
    expect(result.stdout).toContain('order2.md:15:1: error[section-out-of-order]');
    expect(result.stdout).toContain('  15 | ## 3. Entities and their fields\n     | ^');
    expect(result.stdout).toContain('= hint: move it before section 4');
    expect(result.stdout).toContain('1 error, 0 warnings, 9 notes');
  });

  it('explains a file that cannot be read, exit 1', async () => {
    const result = await runSpecrun(['check', join(dir, 'nope.md')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/cannot read .*nope\.md: no such file/);
  });

  it('explains a wrong use of the command, exit 1', async () => {
    expect((await runSpecrun(['check'])).code).toBe(1);
    const unknown = await runSpecrun(['chekc', 'x']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command `chekc`');
    expect((await runSpecrun(['check', SEED, '--jsn'])).stderr).toContain("Unknown option '--jsn'");
  });
});
