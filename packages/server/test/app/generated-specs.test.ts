import { parseSpec } from '@specrun/language';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeDialect, type Databases } from '../support/dialects.js';
import { serveGenerated } from '../support/spec-generator/serve-generated.js';
import { specArbitrary, type GeneratedSpec } from '../support/spec-generator/spec-arbitrary.js';

// check ⇔ start (issue 20): every specification that checks without errors starts and serves
// every call it declares; whatever start could not run, check reports with a line and column.
// `npm test` runs a bounded number; GENERATOR_RUNS=300 (and GENERATOR_PG_RUNS) look further.
const RUNS = Number(process.env.GENERATOR_RUNS ?? 50);
const PG_RUNS = Number(process.env.GENERATOR_PG_RUNS ?? 5);
// GENERATOR_STATS=1 prints how many checked clean and what the calls answered, by status.
const tally = process.env.GENERATOR_STATS ? new Map<string, number>() : undefined;

/** The property, on one dialect: answers how many specifications checked clean and started. */
async function checkThenStart(databases: Databases, runs: number) {
  let started = 0;
  const property = fc.asyncProperty(specArbitrary(), async (spec: GeneratedSpec) => {
    const { model, diagnostics } = parseSpec(spec.text);
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const unplaced = errors.filter((d) => !(d.line! >= 1 && d.column! >= 1));
    if (unplaced.length > 0) {
      throw new Error(`errors without a position: ${JSON.stringify(unplaced)}\n\n${spec.text}`);
    }
    if (errors.length > 0) return;
    const options = await databases.fresh();
    const findings = await serveGenerated(model, options, tally, spec.plan.listFilters);
    if (findings.length > 0) throw new Error(`${findings.join('\n')}\n\n${spec.text}`);
    started++;
  });
  await fc.assert(property, { numRuns: runs });
  if (tally) console.log(`${started} of ${runs} started`, [...tally].sort());
  return started;
}

describeDialect('sqlite', 'generated specifications', (databases) => {
  it('start and serve every call when they check clean', { timeout: 600_000 }, async () => {
    const started = await checkThenStart(databases, RUNS);
    // Most draws check clean: a generator whose specifications all fail check proves nothing.
    expect(started).toBeGreaterThanOrEqual(Math.floor(RUNS / 3));
  });
});

describeDialect('postgres', 'generated specifications', (databases) => {
  it('start and serve every call when they check clean', { timeout: 600_000 }, async () => {
    await checkThenStart(databases, PG_RUNS);
  });
});
