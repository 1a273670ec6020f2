import type { AppModel } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHttpHarness } from './support/http-harness.js';

const LIMIT_MS = 150;

/** The helpdesk with section 9 setting MAX_STATEMENT_MS. */
function helpdeskLimitedTo(ms: number): AppModel {
  const helpdesk = EXAMPLE_MODELS.helpdesk!;
  return {
    ...helpdesk,
    constants: helpdesk.constants.map((c) =>
      c.name === 'MAX_STATEMENT_MS' ? { ...c, value: { kind: 'number', value: ms } } : c,
    ),
  };
}

// Within the budget, and yet each row costs milliseconds on a long body: nine copies of it
// searched for a long string that almost matches everywhere.
const body = 'a'.repeat(9_000);
const slowFilter = `(${Array(9).fill('record.body').join(' + ')}).contains("${'a'.repeat(1_800)}b")`;

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'the work one list request may cost', (databases) => {
    const h = useHttpHarness(databases, helpdeskLimitedTo(LIMIT_MS), {});
    const list = (filter: string) =>
      h.send({ url: `/api/tickets?filter=${encodeURIComponent(filter)}` });

    it('refuses a filter over its budget with FILTER_TOO_COSTLY, naming what to simplify', async () => {
      const words = Array.from({ length: 11 }, (_, i) => `record.title.contains("w${i}")`);
      const response = await list(words.join(' || '));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'FILTER_TOO_COSTLY',
        detail: expect.stringMatching(/MAX_FILTER_STRING_OPS/),
      });
      const computed = await list('record.title.contains(record.body)');
      expect(computed.json().detail).toMatch(/what contains\(\) looks for is a field/);
    });

    if (dialect !== 'sqlite') return;

    describe('on SQLite, a filter that runs past MAX_STATEMENT_MS', () => {
      it('is stopped and answered FILTER_TOO_COSTLY, while the server answers others', async () => {
        // Section 5 keeps each customer to a few open tickets: one customer each. Enough rows
        // that even a fast, quiet machine cannot search them all within LIMIT_MS.
        for (let i = 0; i < 240; i++) await h.make('Ticket', await h.actor(), { body });
        const started = performance.now();
        const slow = list(slowFilter);
        // Asked while the slow filter runs: answered at once, not after it.
        let healthMs = 0;
        for (let i = 0; i < 5; i++) {
          const at = performance.now();
          const health = await h.send({ url: '/api/_health' });
          expect(health.statusCode).toBe(200);
          healthMs = Math.max(healthMs, performance.now() - at);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const response = await slow;
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'FILTER_TOO_COSTLY',
          detail: expect.stringMatching(/time limit of 150 ms \(MAX_STATEMENT_MS\)/),
        });
        expect(performance.now() - started).toBeLessThan(LIMIT_MS + 1_500);
        expect(healthMs).toBeLessThan(100);
        // The same list without the costly filter still answers.
        const plain = await list('record.priority == "normal"');
        expect(plain.statusCode, plain.body).toBe(200);
        expect(plain.json().items.length).toBeGreaterThan(0);
      });
    });
  });
}
