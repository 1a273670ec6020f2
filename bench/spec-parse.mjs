// Measures parseSpec (read + type-check) on a generated 5,000-line specification.
import { performance } from 'node:perf_hooks';
import { parseSpec } from '@specrun/language';
import { generateSpec } from './generate-spec.mjs';
import { summarise } from './stats.mjs';

/**
 * Times `parseSpec` after a warm-up, as wall time and as this process's CPU time (which other
 * programs on a shared machine disturb much less); fails if the generated document has errors.
 */
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
  const cpuTimes = [];
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    parseSpec(text);
    times.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuTimes.push((used.user + used.system) / 1000);
  }
  return {
    lines,
    entities: first.model.entities.length,
    runs,
    ms: summarise(times),
    cpuMs: summarise(cpuTimes),
    targetMs: 100,
  };
}
