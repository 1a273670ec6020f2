import { describe, expect, it } from 'vitest';
import {
  dateIn,
  instantToWallTime,
  knownTimeZone,
  startOfDate,
  wallTimeToInstant,
  zoneOffset,
} from './zone-dates.js';

const UNKNOWN = 'Mars/Olympus_Mons';

describe('dates in a time zone', () => {
  it('gives the date of an instant in the zone', () => {
    const late = Date.parse('2025-06-15T23:30:00Z');
    expect(dateIn(late, 'Europe/Paris')).toBe('2025-06-16');
    expect(dateIn(late, 'America/New_York')).toBe('2025-06-15');
    expect(dateIn(late)).toBe('2025-06-15');
  });

  it('changes the date at the zone’s midnight, to the millisecond, asked in any order', () => {
    // Each zone remembers its last date for one second: asking the zones in turn, across the
    // midnight of one of them, must still give each its own date.
    const midnightParis = Date.parse('2025-06-15T22:00:00Z');
    for (const ms of [midnightParis - 1, midnightParis, midnightParis - 1, midnightParis + 999]) {
      const paris = ms < midnightParis ? '2025-06-15' : '2025-06-16';
      expect(dateIn(ms, 'Europe/Paris')).toBe(paris);
      expect(dateIn(ms, 'UTC')).toBe('2025-06-15');
      expect(dateIn(ms, 'Asia/Tokyo')).toBe('2025-06-16');
    }
    expect(dateIn(-1)).toBe('1969-12-31');
    expect(dateIn(0)).toBe('1970-01-01');
    expect(() => dateIn(Number.NaN)).toThrow(RangeError);
  });

  it('starts a date at the zone’s midnight, across daylight saving', () => {
    expect(new Date(startOfDate('2025-01-15', 'Europe/Paris')).toISOString()).toBe(
      '2025-01-14T23:00:00.000Z',
    );
    expect(new Date(startOfDate('2025-07-15', 'Europe/Paris')).toISOString()).toBe(
      '2025-07-14T22:00:00.000Z',
    );
    // The day Paris moves its clocks forward starts before the change, at +1h.
    expect(new Date(startOfDate('2025-03-30', 'Europe/Paris')).toISOString()).toBe(
      '2025-03-29T23:00:00.000Z',
    );
    expect(startOfDate('2025-07-15')).toBe(Date.parse('2025-07-15T00:00:00Z'));
  });

  it('turns a wall-clock time into the instant it names, across daylight saving', () => {
    expect(wallTimeToInstant('2025-01-15T09:30', 'Europe/Paris')).toBe('2025-01-15T08:30:00.000Z');
    expect(wallTimeToInstant('2025-07-15T09:30', 'Europe/Paris')).toBe('2025-07-15T07:30:00.000Z');
    expect(wallTimeToInstant('2025-07-15T09:30', 'UTC')).toBe('2025-07-15T09:30:00.000Z');
    expect(wallTimeToInstant('not a time', 'UTC')).toBeUndefined();
  });

  it('shows an instant as the wall-clock time of the zone', () => {
    expect(instantToWallTime('2025-07-15T07:30:00.000Z', 'Europe/Paris')).toBe('2025-07-15T09:30');
    expect(instantToWallTime('2025-03-01T23:30:00Z', 'America/New_York')).toBe('2025-03-01T18:30');
    expect(instantToWallTime('never', 'UTC')).toBe('');
  });

  it('takes a zone the runtime does not know as UTC, and never throws over it', () => {
    const late = Date.parse('2025-06-15T23:30:00Z');
    expect(knownTimeZone(UNKNOWN)).toBe('UTC');
    expect(knownTimeZone(undefined)).toBe('UTC');
    expect(knownTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(dateIn(late, UNKNOWN)).toBe('2025-06-15');
    expect(zoneOffset(late, UNKNOWN)).toBe(0);
    expect(startOfDate('2025-07-15', UNKNOWN)).toBe(startOfDate('2025-07-15', 'UTC'));
    expect(wallTimeToInstant('2025-07-15T09:30', UNKNOWN)).toBe('2025-07-15T09:30:00.000Z');
    expect(instantToWallTime('2025-07-15T09:30:00Z', UNKNOWN)).toBe('2025-07-15T09:30');
  });
});
