import fc from 'fast-check';
import { fromMinorUnits, type Field } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPlain } from '../src/format/format-value.js';
import { example } from './examples.js';
import { toFormValue, toWireValue } from '../src/ui/inputs/form-values.js';
import { formPayload } from '../src/ui/forms/form-payload.js';

const field = (
  name: string,
  type: Field['type'],
  required = false,
  extra: Partial<Field> = {},
): Field => ({
  name,
  type,
  required,
  rules: [],
  builtin: false,
  ...extra,
});

describe('exact numbers', () => {
  it('keeps every digit of money and decimals as typed', () => {
    const money = field('amount', { kind: 'money', currency: 'EUR' });
    expect(toWireValue(money, '12345678901234567.89', 'UTC')).toBe('12345678901234567.89');
    expect(toWireValue(money, '1,234.50', 'UTC')).toBe('1234.50');
    expect(toWireValue(money, '12,50', 'UTC')).toBe('12.50');
    expect(formatMoney('12345678901234567.89', 'EUR', { language: 'en', timeZone: 'UTC' })).toBe(
      '€12,345,678,901,234,567.89',
    );
  });

  it('shows any amount the server computes digit for digit, in its currency`s minor unit', () => {
    const currencies = [
      { code: 'EUR', digits: 2 },
      { code: 'JPY', digits: 0 },
      { code: 'BHD', digits: 3 },
    ];
    const en = { language: 'en', timeZone: 'UTC' };
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: -(10n ** 22n), max: 10n ** 22n }),
        ({ code, digits }, units) => {
          const amount = fromMinorUnits(units, digits);
          const shown = formatMoney(amount, code, en);
          // No float in between: the digits shown, separators and symbol aside, are the amount.
          expect(shown.replace(/[^\d.-]/g, '')).toBe(amount);
        },
      ),
    );
  });

  it('sends an integer as a number, and text that is none as typed, for the checks to refuse', () => {
    const year = field('year', { kind: 'integer' });
    expect(toWireValue(year, '1914', 'UTC')).toBe(1914);
    expect(toWireValue(year, '19.5', 'UTC')).toBe('19.5');
    const at = field('at', { kind: 'datetime' });
    expect(toWireValue(at, '2025-07-15T09:30', 'Europe/Paris')).toBe('2025-07-15T07:30:00.000Z');
    expect(toWireValue(at, 'soon', 'Europe/Paris')).toBe('soon');
  });
});

describe('what a form sends', () => {
  const fields = [
    field('title', { kind: 'text' }, true),
    field('priority', { kind: 'enum', values: ['low', 'high'] }, true, {
      default: { kind: 'literal', value: 'low' },
    }),
    field('note', { kind: 'longText' }),
  ];

  it('leaves empty fields out of a create, so that defaults apply, and checks those without one', () => {
    expect(
      formPayload(fields, { title: 'Printer', priority: '', note: '' }, {}, 'create', 'UTC'),
    ).toEqual({ fields: { title: 'Printer' }, checked: ['title', 'note'] });
  });

  it('sends and checks only what changed on an update, an emptied field as null', () => {
    const initial = { title: 'Printer', priority: 'low', note: 'old' };
    expect(
      formPayload(
        fields,
        { title: 'Printer', priority: 'high', note: '' },
        initial,
        'update',
        'UTC',
      ),
    ).toEqual({ fields: { priority: 'high', note: null }, checked: ['priority', 'note'] });
  });
});

describe('files', () => {
  const receipt = field('receipt', { kind: 'file' });
  const stored = {
    name: 'scan.png',
    type: 'image/png',
    size: 68,
    url: '/api/_files/Claim/c1/receipt',
  };
  const chosen = { name: 'ticket.png', data: 'data:image/png;base64,iVBORw0KGgo=' };

  it('keeps a stored file as it is described, and sends it only when another one is chosen', () => {
    const initial = { receipt: toFormValue(receipt, stored, 'UTC') };
    expect(initial.receipt).toEqual(stored);
    expect(formPayload([receipt], initial, initial, 'update', 'UTC').fields).toEqual({});
    const replaced = formPayload([receipt], { receipt: chosen }, initial, 'update', 'UTC');
    expect(replaced.fields).toEqual({ receipt: chosen });
    const removed = formPayload([receipt], { receipt: '' }, initial, 'update', 'UTC');
    expect(removed.fields).toEqual({ receipt: null });
  });

  it('shows a file by its name, never its content', () => {
    const model = example('expenses');
    const locale = { language: 'en', timeZone: 'UTC' };
    expect(formatPlain(model, receipt, stored, locale)).toBe('scan.png');
  });
});

describe('lists of files', () => {
  const photos = field('photos', { kind: 'files' });
  const stored = (n: number) => ({
    name: `p${n}.png`,
    type: 'image/png',
    size: 68,
    url: `/api/_files/Claim/c1/photos/f${n}`,
  });
  const chosen = { name: 'new.png', data: 'data:image/png;base64,iVBORw0KGgo=' };

  it('sends the whole list when it changes: the stored files kept as answered, the new ones as chosen', () => {
    const initial = { photos: toFormValue(photos, [stored(1), stored(2)], 'UTC') };
    expect(initial.photos).toEqual([stored(1), stored(2)]);
    expect(formPayload([photos], initial, initial, 'update', 'UTC').fields).toEqual({});
    const changed = formPayload(
      [photos],
      { photos: [stored(2), chosen] },
      initial,
      'update',
      'UTC',
    );
    expect(changed.fields).toEqual({ photos: [stored(2), chosen] });
    const emptied = formPayload([photos], { photos: [] }, initial, 'update', 'UTC');
    expect(emptied.fields).toEqual({ photos: [] });
    expect(toFormValue(photos, null, 'UTC')).toEqual([]);
  });

  it('shows the files by their names', () => {
    const model = example('expenses');
    const locale = { language: 'en', timeZone: 'UTC' };
    expect(formatPlain(model, photos, [stored(1), stored(2)], locale)).toBe('p1.png, p2.png');
  });
});
