import { describe, expect, it } from 'vitest';
import { newId } from '../../src/index.js';
import { canonicalDecimal, fromMinorUnits, isCalendarDate, toMinorUnits } from '@specrun/model';
import { canonicalValue } from '../../src/store/wire-values.js';

const usd = { name: 'price', type: 'money', nullable: true, scale: 2 } as const;

describe('exact values', () => {
  it('turns amounts into minor units and back without a float', () => {
    expect(toMinorUnits('0.1', 2)).toBe(10n);
    expect(toMinorUnits('12.50', 2)).toBe(1250n);
    expect(toMinorUnits('-0.05', 2)).toBe(-5n);
    expect(toMinorUnits('92233720368547758.07', 2)).toBe(9223372036854775807n);
    expect(toMinorUnits('1.005', 2)).toBeUndefined();
    expect(toMinorUnits('1.500', 2)).toBe(150n);
    expect(fromMinorUnits(30n, 2)).toBe('0.30');
    expect(fromMinorUnits(-5n, 2)).toBe('-0.05');
    expect(fromMinorUnits(1234n, 0)).toBe('1234');
  });

  it('writes decimals canonically', () => {
    expect(canonicalDecimal('007.250')).toBe('7.25');
    expect(canonicalDecimal('-0.000')).toBe('0');
    expect(canonicalDecimal('1e5')).toBeUndefined();
  });

  it('takes money only as text or whole numbers', () => {
    expect(canonicalValue(usd, '0.30')).toEqual({ ok: true, value: 30n });
    expect(canonicalValue(usd, 12)).toEqual({ ok: true, value: 1200n });
    expect(canonicalValue(usd, 0.3).ok).toBe(false);
    expect(canonicalValue(usd, '0.305').ok).toBe(false);
  });

  it('accepts only real calendar dates and zoned datetimes', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('0001-01-01')).toBe(true);
    const at = { name: 'at', type: 'datetime', nullable: true } as const;
    expect(canonicalValue(at, '2024-05-01T09:30:00.123+02:00')).toEqual({
      ok: true,
      value: '2024-05-01T07:30:00.123Z',
    });
    expect(canonicalValue(at, '2024-05-01T09:30:00').ok).toBe(false);
    expect(canonicalValue(at, '2024-05-01T09:30:00.1234Z').ok).toBe(false);
    expect(canonicalValue(at, '2024-05-01T09:30:00.123000Z')).toEqual({
      ok: true,
      value: '2024-05-01T09:30:00.123Z',
    });
  });

  it('makes UUIDv7 ids that sort in creation order', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(
      ids.every((id) =>
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id),
      ),
    ).toBe(true);
    expect([...ids].sort()).toEqual(ids);
  });
});
