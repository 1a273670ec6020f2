import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone must run its tests wherever it is placed, with nothing beside it: no file of the
// repository may name a path outside it (`.ci/run` also runs the suite from such a copy).
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|json|md|sh|yaml|yml)$|^\.ci\/run$/;
const THIS_FILE = relative(ROOT, fileURLToPath(import.meta.url));
// Its relative paths are import patterns that lint matches in other files, not paths of its own.
const LINT_CONFIG = 'eslint.config.js';
// The workplace's absolute folder and the shared folder beside the checkout, spelt in parts so
// that this file does not name them itself.
const WORKPLACE = new RegExp(['/wo', 'rk/|\\.\\./sha', 'red/'].join(''));

const trackedFiles = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => TEXT.test(file) && file !== 'package-lock.json' && file !== THIS_FILE);

/** The relative paths a file names in quotes, resolved against its folder, that leave the root. */
function escapingPaths(file: string, text: string): string[] {
  const out: string[] = [];
  // A path spelt whole in quotes: one built from template parts (`../${folder}/*`) is skipped.
  if (file === LINT_CONFIG) return out;
  for (const match of text.matchAll(/['"`](\.\.\/[^'"`$\s]*)(?=['"`\s])/g)) {
    const target = resolve(dirname(join(ROOT, file)), match[1]!);
    if (relative(ROOT, target).startsWith('..')) out.push(`${file}: ${match[1]}`);
  }
  return out;
}

describe('the repository is self-contained', () => {
  const files = trackedFiles();

  it('has its files listed by git', () => {
    expect(files).toContain('examples/helpdesk.spec.md');
  });

  it('names no relative path that leaves the repository', () => {
    const escaping = files.flatMap((file) =>
      escapingPaths(file, readFileSync(join(ROOT, file), 'utf8')),
    );
    expect(escaping).toEqual([]);
  });

  it('names no absolute path of this workplace', () => {
    const named = files.filter((file) => WORKPLACE.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(named).toEqual([]);
  });

  it('catches a path that leaves it (the check itself works)', () => {
    expect(
      escapingPaths('packages/cli/test/x.ts', "new URL('../../../../elsewhere/a.md')"),
    ).toEqual(['packages/cli/test/x.ts: ../../../../elsewhere/a.md']);
    expect(escapingPaths('packages/cli/test/x.ts', "new URL('../../../examples/a.md')")).toEqual(
      [],
    );
  });
});
