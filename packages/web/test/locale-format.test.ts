import type { Field } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { isYearField } from '../src/format/format-integer.js';
import { formatPlain, localeOf } from '../src/format/format-value.js';
import { actionLabel } from '../src/model/names.js';
import { example } from './examples.js';

const field = (name: string, kind: 'integer' | 'date' | 'datetime' | 'state'): Field => ({
  name,
  type: { kind },
  required: false,
  rules: [],
  builtin: false,
});
const library = example('library');
const workshops = example('workshops');

describe('numbers, dates and labels in the application’s language', () => {
  it('writes a year as it is written, and groups every other integer', () => {
    const book = library.entities.find((e) => e.name === 'Book')!;
    const year = book.fields.find((f) => f.name === 'year')!;
    const en = localeOf(library);
    expect(formatPlain(library, year, 1969, en)).toBe('1969');
    expect(formatPlain(library, field('copies', 'integer'), 12345, en)).toBe('12,345');
    expect(formatPlain(library, field('birthYear', 'integer'), 1969, en)).toBe('1969');
    expect(formatPlain(library, field('pages', 'integer'), '1969', en)).toBe('1,969');
  });

  it('tells a year by the word "year" in the field’s name, not by its plural', () => {
    const years = ['year', 'birthYear', 'yearOfBirth', 'modelYear'];
    expect(years.map((n) => isYearField(field(n, 'integer')))).toEqual([true, true, true, true]);
    const counts = ['years', 'yearsOfService', 'yearly', 'capacity'];
    expect(counts.map((n) => isYearField(field(n, 'integer')))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isYearField(field('year', 'date'))).toBe(false);
  });

  it('writes dates day first in en-GB and month first in en, instants in the app’s zone', () => {
    const gb = localeOf(workshops);
    expect(gb).toEqual({ language: 'en-GB', timeZone: 'Europe/London' });
    expect(formatPlain(workshops, field('on', 'date'), '2025-03-01', gb)).toBe('1 Mar 2025');
    expect(formatPlain(workshops, field('at', 'datetime'), '2025-07-01T17:00:00Z', gb)).toBe(
      '1 Jul 2025, 18:00',
    );
    const en = { language: 'en', timeZone: 'UTC' };
    expect(formatPlain(library, field('on', 'date'), '2025-03-01', en)).toBe('Mar 1, 2025');
  });

  it('splits the words of actions and states written in camelCase', () => {
    expect(actionLabel('checkIn')).toBe('Check in');
    expect(formatPlain(workshops, field('status', 'state'), 'noShow', localeOf(workshops))).toBe(
      'No show',
    );
    // The examples write their actions so: no label of theirs runs two words together.
    const vetclinic = example('vetclinic');
    const actions = vetclinic.lifecycles.flatMap((l) => l.transitions.map((t) => t.action));
    expect(actions.map(actionLabel)).toContain('Check in');
    expect(actions.map(actionLabel)).toContain('No show');
  });
});
