import type { Harness, Overrides } from './harness.js';

/** A section 5 rule made to fail: `run` answers the operation expected to fail with `code`. */
export interface RuleCase {
  code: string;
  field?: string;
  run(h: Harness): Promise<unknown>;
}

/** What an example needs to make valid records, and how to make each of its rules fail. */
export interface ExampleCases {
  overrides: Overrides;
  rules: RuleCase[];
}

/** Makes `n` records one after another (count() limits depend on the order). */
export async function times(n: number, work: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < n; i++) await work();
}
