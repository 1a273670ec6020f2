import { describe, expect, it } from 'vitest';
import {
  dateEntry,
  dateExample,
  dateTimeExample,
  readDate,
  readDateTime,
  showDate,
  showDateTime,
} from '../src/format/date-entry.js';

const gb = dateEntry('en-GB');
const us = dateEntry('en');
const de = dateEntry('de-DE');
const sv = dateEntry('sv-SE');

describe('dates typed as the application’s language writes them', () => {
  it('shows a date day first in en-GB, month first in en, year first in sv', () => {
    expect(showDate('2026-12-03', gb)).toBe('03/12/2026');
    expect(showDate('2026-12-03', us)).toBe('12/03/2026');
    expect(showDate('2026-12-03', de)).toBe('03.12.2026');
    expect(showDate('2026-12-03', sv)).toBe('2026-12-03');
    expect(dateExample(gb)).toBe('30/06/2025');
  });

  it('reads a date typed in the language’s order, and ISO text in any language', () => {
    expect(readDate('03/12/2026', gb)).toBe('2026-12-03');
    expect(readDate(' 3/12/2026 ', gb)).toBe('2026-12-03');
    expect(readDate('03/12/2026', us)).toBe('2026-03-12');
    expect(readDate('3.12.2026', de)).toBe('2026-12-03');
    expect(readDate('2026-12-03', gb)).toBe('2026-12-03');
    expect(readDate('2026-12-03', us)).toBe('2026-12-03');
  });

  it('reads nothing that is not a real date with a four-digit year', () => {
    expect(readDate('31/02/2026', gb)).toBeUndefined();
    expect(readDate('12/31/2026', gb)).toBeUndefined();
    expect(readDate('03/12/26', gb)).toBeUndefined();
    expect(readDate('03/12', gb)).toBeUndefined();
    expect(readDate('tomorrow', gb)).toBeUndefined();
    expect(readDate('29/02/2028', gb)).toBe('2028-02-29');
  });

  it('shows and reads a date and time on the language’s clock', () => {
    expect(showDateTime('2026-12-03T14:30', gb)).toBe('03/12/2026 14:30');
    expect(showDateTime('2026-12-03T00:05', us)).toBe('12/03/2026 12:05 AM');
    expect(dateTimeExample(us)).toBe('06/30/2025 2:05 PM');
    expect(readDateTime('03/12/2026 14:30', gb)).toBe('2026-12-03T14:30');
    expect(readDateTime('3/12/2026, 9:05', gb)).toBe('2026-12-03T09:05');
    expect(readDateTime('12/03/2026 2:30 pm', us)).toBe('2026-12-03T14:30');
    expect(readDateTime('12/03/2026 12:05 AM', us)).toBe('2026-12-03T00:05');
    expect(readDateTime('2026-12-03T18:00', gb)).toBe('2026-12-03T18:00');
  });

  it('reads no time that is not on the clock', () => {
    expect(readDateTime('03/12/2026 24:00', gb)).toBeUndefined();
    expect(readDateTime('03/12/2026 13:00 pm', gb)).toBeUndefined();
    expect(readDateTime('03/12/2026', gb)).toBeUndefined();
    expect(readDateTime('03/12/2026 14:60', gb)).toBeUndefined();
  });
});
