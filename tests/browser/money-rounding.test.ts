import fc from 'fast-check';
import { evaluate } from '@specrun/expr';
import { canonicalDecimal, fromMinorUnits } from '@specrun/model';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { INVOICES_PATH } from '../support/invoices.js';
import { apiAs } from './support/api-as.js';
import { PASSWORD } from './support/serve-app.js';
import { box, settled, signIn, visitor } from './support/ui.js';
import { useServedApp } from './support/use-served-app.js';

// Money computed with rounding, as a person sees it: the browser computes nothing itself and
// shows the server's amount digit for digit (Intl formats the text, never a binary float), so
// what it shows must be what evaluate() computes, which the SQL and JavaScript tests hold to.

type Invoice = { total: string; rate: string; yen: string };
// The list shows the first columns only: `third` is checked on the detail screen.
const COLUMNS = ['Total', 'Rate', 'Yen', 'Half', 'Share'] as const;

/** A shown amount as plain digits: "-€1,234.50" is "-1234.50", "¥33" is "33". */
const digits = (shown: string) => shown.replace(/[^\d.-]/g, '');

/** The list screen's rows, each cell by its column's heading. */
async function shownRows(page: Page): Promise<Record<string, string>[]> {
  const headings = (await page.locator('thead th').allTextContents()).map((t) => t.trim());
  expect(headings).toEqual(expect.arrayContaining([...COLUMNS]));
  const rows = await page.locator('tbody tr').all();
  const out: Record<string, string>[] = [];
  for (const row of rows) {
    const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
    out.push(Object.fromEntries(COLUMNS.map((c) => [c, cells[headings.indexOf(c)] ?? ''])));
  }
  return out;
}

describe('rounded money in the browser', () => {
  const app = useServedApp(INVOICES_PATH, async (served) => {
    await served.addUser('ada@invoices.test', 'Ada Owner', ['admin']);
  });

  it('shows a value typed in the form halved and shared, rounded half to even', async () => {
    const ada = await visitor(app.browser, app.served.url, 'money');
    await signIn(ada, 'ada@invoices.test', PASSWORD, 'Ada Owner');
    await ada.open('/invoices/new');
    await box(ada.page, 'Total').fill('0.05');
    await box(ada.page, 'Rate').fill('0.3');
    await box(ada.page, 'Yen').fill('2');
    await ada.page.getByRole('button', { name: 'Save', exact: true }).click();
    const details = ada.page.getByRole('region', { name: 'Details' });
    await details.waitFor();
    await settled(ada.page);
    const text = (await details.textContent()) ?? '';
    // 0.05 / 2 = 0.025 and 0.05 × 0.3 = 0.015: each half a cent, to the even cent 0.02.
    expect(text).toContain('Half€0.02');
    expect(text).toContain('Share€0.02');
    expect(text).toContain('Third¥1');
    await ada.close();
  });

  it('shows what evaluate() computes, on random amounts and rates', async () => {
    const api = await apiAs(app.served.url, 'ada@invoices.test');
    const cases = fc.sample(
      fc.record({
        units: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        rate: fc
          .tuple(fc.integer({ min: -99_999, max: 99_999 }), fc.integer({ min: 0, max: 4 }))
          .map(([u, scale]) => canonicalDecimal(fromMinorUnits(BigInt(u), scale))!),
      }),
      { numRuns: 12, seed: 20260520 },
    );
    const invoices: Invoice[] = [
      { total: '1.00', rate: '0.125', yen: '100' },
      { total: '450.00', rate: '0.125', yen: '5' },
      { total: '-0.07', rate: '0.5', yen: '-7' },
      ...cases.map(({ units, rate }) => ({
        total: fromMinorUnits(units, 2),
        rate,
        yen: String(units % 10_000_000n),
      })),
    ];
    for (const invoice of invoices) await api('POST', '/api/invoices', invoice);
    const ada = await visitor(app.browser, app.served.url, 'money-list');
    await signIn(ada, 'ada@invoices.test', PASSWORD, 'Ada Owner');
    await ada.open('/invoices');
    const shown = await shownRows(ada.page);
    const model = app.served.model;
    for (const invoice of invoices) {
      const record = { id: 'i', ...invoice };
      const amount = (source: string) =>
        (evaluate(source, model, { record }, { entity: 'Invoice' }) as { amount: string }).amount;
      const row = shown.find(
        (r) =>
          digits(r.Total!) === invoice.total &&
          digits(r.Rate!) === invoice.rate &&
          digits(r.Yen!) === invoice.yen,
      );
      expect(row, JSON.stringify(invoice)).toBeDefined();
      expect({ invoice, half: digits(row!.Half!), share: digits(row!.Share!) }).toEqual({
        invoice,
        half: amount('record.total / 2'),
        share: amount('record.total * record.rate'),
      });
    }
    await ada.close();
  });
});
