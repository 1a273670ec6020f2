import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { checked, countCase, expectCode } from './support/expect-code.js';
import { EXAMPLES } from './support/examples.js';
import { useHarness } from './support/harness.js';

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'section 5 rules', (databases) => {
    afterAll(() =>
      console.log(`section 5 rule cases checked on ${dialect}: ${checked[dialect]?.rules ?? 0}`),
    );

    for (const example of EXAMPLES) {
      describe(example.name, () => {
        const h = useHarness(databases, example.model, example.overrides);

        it('has a failing case for every rule of the example', () => {
          const codes = example.model.rules.map((r) => r.error).sort();
          expect(example.rules.map((r) => r.code).sort()).toEqual(codes);
        });

        for (const rule of example.rules) {
          it(`answers ${rule.code} when its rule fails`, async () => {
            const error = await expectCode(rule.run(h), rule.code, rule.field);
            expect(error.errors).toHaveLength(1);
            countCase(dialect, 'rules');
          }, 30_000);
        }
      });
    }
  });
}
