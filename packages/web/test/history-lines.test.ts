import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../src/api/api.js';
import { formatPlain, localeOf } from '../src/format/format-value.js';
import { creationAndLater, historyLines, plainValue } from '../src/screens/detail/history-lines.js';
import { example } from './examples.js';

const workshops = example('workshops');
const entity = (name: string) => workshops.entities.find((e) => e.name === name)!;
const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'h1',
  action: 'update',
  fromState: 'draft',
  toState: 'draft',
  input: null,
  changes: null,
  byUser: null,
  at: '2025-03-01T18:00:00Z',
  ...fields,
});

describe('history lines', () => {
  it('tells each field an edit changed, labelled in words, with the field to format its values', () => {
    const event = entity('Event');
    const lines = historyLines(
      workshops,
      event,
      entry({
        changes: [
          { field: 'price', from: '0.00', to: '5.00' },
          { field: 'startsAt', from: '2025-03-01T18:00:00Z', to: '2025-03-08T18:00:00Z' },
        ],
      }),
    );
    expect(lines.map((l) => [l.label, l.field?.name, l.from, l.to])).toEqual([
      ['Price', 'price', '0.00', '5.00'],
      ['Starts at', 'startsAt', '2025-03-01T18:00:00Z', '2025-03-08T18:00:00Z'],
    ]);
    // Formatted as the record's page formats them: the currency, the date day first in en-GB.
    const locale = localeOf(workshops);
    const [price, startsAt] = lines;
    expect(formatPlain(workshops, price!.field!, price!.to, locale)).toBe('£5.00');
    expect(formatPlain(workshops, startsAt!.field!, startsAt!.to, locale)).toBe(
      '8 Mar 2025, 18:00',
    );
  });

  it('leaves out an input a Sets copied to a field, whose change says it already', () => {
    const lines = historyLines(
      workshops,
      entity('Event'),
      entry({
        action: 'cancel',
        toState: 'cancelled',
        input: { reason: 'The venue flooded' },
        changes: [{ field: 'cancelReason', from: null, to: 'The venue flooded' }],
      }),
    );
    expect(lines.map((l) => l.label)).toEqual(['Cancel reason']);
  });

  it('shows the inputs of an entry recorded before changes were kept, typed by their field', () => {
    const lines = historyLines(
      workshops,
      entity('Event'),
      entry({ action: 'cancel', input: { reason: 'The venue flooded' } }),
    );
    expect(lines).toEqual([
      expect.objectContaining({
        label: 'Reason',
        to: 'The venue flooded',
        field: expect.anything(),
      }),
    ]);
  });

  it('names the cause of an effect in words', () => {
    const lines = historyLines(
      workshops,
      entity('Booking'),
      entry({ action: 'promote', input: { cause: 'Booking.cancel' } }),
    );
    expect(lines).toEqual([{ label: 'Cause', to: 'Booking cancel' }]);
  });

  it('never shows a value as JSON', () => {
    expect(plainValue({ a: 1 })).toBeUndefined();
    expect(plainValue(['a', 2, true, { b: 1 }])).toBe('a, 2, Yes');
    expect(plainValue('')).toBeUndefined();
  });
});

describe('a record made by an effect', () => {
  it('tells its create entry as the record’s creation, not as a move of its own', () => {
    const made = entry({
      id: 'h0',
      action: 'create',
      fromState: null,
      toState: 'confirmed',
      input: { cause: 'Event.publish' },
    });
    const cancelled = entry({ id: 'h1', action: 'cancel', fromState: 'confirmed' });
    const { creation, later } = creationAndLater([made, cancelled]);
    expect(creation).toBe(made);
    expect(later).toEqual([cancelled]);
    // Its cause is told under "Created".
    const lines = historyLines(workshops, entity('Booking'), made);
    expect(lines.map((l) => [l.label, l.to])).toEqual([['Cause', 'Event publish']]);
  });

  it('leaves a history without a create entry as it is', () => {
    const edit = entry({});
    expect(creationAndLater([edit])).toEqual({ creation: undefined, later: [edit] });
  });
});
