import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_DOCUMENTS } from './support/example-documents.js';
import { redoclyLint, spectralLint, type LintProblem } from './support/linters.js';

// A document with two mistakes, linted with the others: proof that the linters run and that a
// mistake would be reported, so a clean result means something.
const BROKEN = 'broken-on-purpose';

function brokenDocument(): unknown {
  const document = structuredClone(EXAMPLE_DOCUMENTS[0]!.document) as unknown as {
    info: Record<string, unknown>;
    paths: Record<string, Record<string, { responses: unknown }>>;
  };
  delete document.info.title;
  document.paths['/api/_health']!.get!.responses = { '200': { content: {} } };
  return document;
}

const fileOf = (problem: LintProblem) => basename(problem.file, '.json');
const errorsOf = (problems: LintProblem[], name: string) =>
  problems.filter((p) => p.severity === 'error' && fileOf(p) === name);

describe('the OpenAPI document of every example, linted', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specrun-openapi-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let spectral: LintProblem[] = [];
  let redocly: LintProblem[] = [];

  beforeAll(async () => {
    const files = EXAMPLE_DOCUMENTS.map((e) => {
      const file = join(dir, `${e.name}.json`);
      writeFileSync(file, JSON.stringify(e.document, null, 2));
      return file;
    });
    const broken = join(dir, `${BROKEN}.json`);
    writeFileSync(broken, JSON.stringify(brokenDocument(), null, 2));
    // Each CLI starts slowly: one run each, for every document at once (thirteen documents take
    // over a minute on a loaded 2-core machine).
    [spectral, redocly] = await Promise.all([
      spectralLint([...files, broken], dir),
      redoclyLint([...files, broken]),
    ]);
  }, 180_000);

  for (const { name } of EXAMPLE_DOCUMENTS) {
    it(`${name}: no error from spectral (spectral:oas, OpenAPI 3.1 schema included)`, () => {
      expect(errorsOf(spectral, name)).toEqual([]);
    });

    it(`${name}: no error from redocly (recommended ruleset, structure included)`, () => {
      expect(errorsOf(redocly, name)).toEqual([]);
    });
  }

  it('reports the mistakes of a broken document, in both linters', () => {
    for (const problems of [spectral, redocly]) {
      const found = errorsOf(problems, BROKEN).map((p) => p.where + ' ' + p.message);
      expect(found.some((f) => /title/.test(f))).toBe(true);
      expect(found.some((f) => /_health/.test(f) || /description/.test(f))).toBe(true);
    }
  });
});
