import fc from 'fast-check';
import { evaluate } from '@specrun/expr';
import { parseSpec } from '@specrun/language';
import { fromMinorUnits } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { invoicesText } from '../../../../tests/support/invoices.js';
import { DIALECTS, describeDialect } from '../support/dialects.js';
import { useHttpHarness } from './support/http-harness.js';

const parsed = parseSpec(invoicesText());

describe('a specification computing money / 2', () => {
  it('checks clean: no error, no warning', () => {
    // Notes say which sections are left unspecified; nothing else is reported.
    expect(parsed.diagnostics.filter((d) => d.severity !== 'note')).toEqual([]);
    expect(parsed.diagnostics.every((d) => d.code === 'unspecified-section')).toBe(true);
    expect(parsed.model).toBeDefined();
  });
});

type Invoice = { half: string; share: string; third: string | null };

for (const dialect of DIALECTS) {
  describeDialect(dialect, 'rounded money from the running server', (databases) => {
    const h = useHttpHarness(databases, parsed.model!, {});
    const create = async (body: Record<string, unknown>) => {
      const call = h.call('create', 'Invoice')!;
      const response = await h.send({ method: call.method, url: call.path, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Invoice & { id: string }>();
    };
    const read = async (id: string) => {
      const call = h.call('get', 'Invoice')!;
      return (await h.send({ url: h.path(call, id) })).json<Invoice>();
    };

    it('answers the rounded value, half to even, where rounding is needed', async () => {
      const created = await create({ total: '1.00', rate: '0.125', yen: '100' });
      expect(created).toMatchObject({ half: '0.50', share: '0.12', third: '33' });
      const odd = await create({ total: '0.05', rate: '0.3', yen: '2' });
      expect(odd).toMatchObject({ half: '0.02', share: '0.02', third: '1' });
      expect(await read(odd.id)).toMatchObject({ half: '0.02', share: '0.02', third: '1' });
      const exact = await create({ total: '450.00', rate: '0.125' });
      expect(exact).toMatchObject({ half: '225.00', share: '56.25', third: null });
      const negative = await create({ total: '-0.07', rate: '0.5' });
      expect(negative).toMatchObject({ half: '-0.04', share: '-0.04' });
      const list = h.call('list', 'Invoice')!;
      const page = (await h.send({ url: `${list.path}?limit=100` })).json<{ items: Invoice[] }>();
      expect(page.items.map((i) => i.share)).toEqual(
        expect.arrayContaining(['0.12', '0.02', '56.25', '-0.04']),
      );
    });

    it('answers what evaluate() answers, on random amounts and rates', async () => {
      const amount = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
      const rate = fc
        .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 4 }))
        .map(([units, scale]) => fromMinorUnits(BigInt(units), scale));
      await fc.assert(
        fc.asyncProperty(amount, rate, async (units, r) => {
          const body = { total: fromMinorUnits(units, 2), rate: r, yen: String(units) };
          const answer = await create(body);
          const record = { id: answer.id, ...body };
          const expected = (source: string) => {
            const value = evaluate(source, parsed.model!, { record }, { entity: 'Invoice' });
            return (value as { amount: string }).amount;
          };
          expect(answer).toMatchObject({
            half: expected('record.total / 2'),
            share: expected('record.total * record.rate'),
            third: expected('record.yen / 3'),
          });
        }),
        { numRuns: 25 },
      );
    });
  });
}
