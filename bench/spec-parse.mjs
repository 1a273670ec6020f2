// Measures parseSpec (read + type-check) on a generated 5,000-line specification.
import { performance } from 'node:perf_hooks';
import { parseSpec } from '@specrun/language';
import { generateSpec } from './generate-spec.mjs';
import { summarise } from './stats.mjs';

/** Times `parseSpec` after a warm-up; fails if the generated document has errors. */
export function benchSpecParse({ runs = 30, warmup = 5 } = {}) {
  const text = generateSpec(50, 73);
  const lines = text.split('\n').length - 1;
  const first = parseSpec(text);
  const errors = first.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `the generated specification has errors: ${JSON.stringify(errors.slice(0, 3))}`,
    );
  }
  for (let i = 0; i < warmup; i++) parseSpec(text);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    parseSpec(text);
    times.push(performance.now() - start);
  }
  return { lines, entities: first.model.entities.length, ms: summarise(times), targetMs: 100 };
}
