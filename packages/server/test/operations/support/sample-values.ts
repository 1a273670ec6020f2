import type { Field } from '@specrun/model';

let counter = 0;

/** A number no other sample of this run has, for unique values. */
export function nextNumber(): number {
  return ++counter;
}

const DAY = 24 * 3600 * 1000;

/** A date `days` from today, as the tests' clock sees it (UTC is close enough a day out). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

function bound(field: Field, kind: 'length' | 'min' | 'max') {
  for (const rule of field.rules) {
    if (kind === 'length' && rule.kind === 'length') return rule;
    if (kind !== 'length' && rule.kind === kind) return rule.value;
  }
  return undefined;
}

function sampleText(field: Field): string {
  const base = `${field.name} sample ${nextNumber()} `;
  const length = bound(field, 'length') as { min?: number; max?: number } | undefined;
  const size = Math.min(Math.max(length?.min ?? 1, 24), length?.max ?? 24);
  return base
    .repeat(Math.ceil(size / base.length) + 1)
    .slice(0, size)
    .trimEnd()
    .padEnd(size, 'x');
}

/** A valid value of a field's type that keeps its section 3 rules; references are filled apart. */
export function sampleValue(field: Field): unknown {
  const t = field.type;
  const afterToday = field.rules.some((r) => r.kind === 'afterToday');
  switch (t.kind) {
    case 'text':
    case 'longText':
      return sampleText(field);
    case 'integer':
      return Math.min(
        Math.max(Number(bound(field, 'min') ?? 1), 1),
        Number(bound(field, 'max') ?? 1e6),
      );
    case 'decimal':
      return String(bound(field, 'min') ?? '1.5');
    case 'money':
      return '10.00';
    case 'boolean':
      return false;
    case 'date':
      return dayFromToday(afterToday ? 30 : 0);
    case 'datetime':
      return new Date(Date.now() + 30 * DAY).toISOString();
    case 'email':
      return `person${nextNumber()}@example.com`;
    case 'url':
      return 'https://example.com/page';
    case 'enum':
      return t.values[0];
    case 'file':
      return { name: 'receipt.pdf', data: `data:application/pdf;base64,${btoa('%PDF-1.7')}` };
    case 'files':
      return [{ name: 'scan.pdf', data: `data:application/pdf;base64,${btoa('%PDF-1.7')}` }];
    default:
      return undefined;
  }
}

/** A value of the wrong type (or out of the type's range) for each kind of field. */
export function badValues(field: Field, scale = 2): unknown[] {
  const t = field.type;
  switch (t.kind) {
    case 'text':
    case 'longText':
      return [42, ['a']];
    case 'file':
      return [42, 'receipt.pdf', { name: 'receipt.pdf' }, 'data:application/pdf;base64,%%%'];
    case 'files':
      return [
        'scan.pdf',
        [42],
        ['data:application/pdf;base64,%%%'],
        [{ url: '/api/_files/X/1/y/2' }],
      ];
    case 'integer':
      return [1.5, 2 ** 60, '3'];
    case 'decimal':
      return ['1.2.3', true];
    case 'money':
      return [`1.${'5'.repeat(scale + 1)}`, 'ten', 0.1 + 0.2];
    case 'boolean':
      return ['yes', 1];
    case 'date':
      return ['2024-02-30', '2024-1-1', '2024-01-01T00:00:00Z'];
    case 'datetime':
      return ['2024-01-01', 'yesterday', 1700000000000];
    case 'email':
      return ['not-an-email', 'a@b'];
    case 'url':
      return ['ftp://example.com/x', 'example.com'];
    case 'enum':
      return ['nope'];
    case 'reference':
      return ['00000000-0000-7000-8000-000000000000', 3];
    case 'list':
      return [['00000000-0000-7000-8000-000000000000'], 'x'];
    case 'roles':
      return [['no-such-role']];
    default:
      return [];
  }
}
