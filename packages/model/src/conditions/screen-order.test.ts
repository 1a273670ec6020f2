import { describe, expect, it } from 'vitest';
import { entity, field } from '../test-support/model-parts.js';
import { screenOrder } from './screen-order.js';

const events = entity('Event', 'events', [
  field('title', { kind: 'text' }),
  field('startsAt', { kind: 'datetime' }),
  field('on', { kind: 'date' }),
  field('seats', { kind: 'integer' }),
]);

describe('screenOrder', () => {
  it('is soonest first by the date the filter keeps in the future', () => {
    const soonest = (field: string) => ({ field, direction: 'asc' });
    expect(screenOrder(events, 'record.status == "published" && record.startsAt > now')).toEqual(
      soonest('startsAt'),
    );
    expect(screenOrder(events, 'record.on >= today()')).toEqual(soonest('on'));
    expect(screenOrder(events, 'now < record.startsAt')).toEqual(soonest('startsAt'));
    expect(screenOrder(events, 'record.startsAt > now + duration("P1D")')).toEqual(
      soonest('startsAt'),
    );
  });

  it('is none for past dates, other fields, one side of ||, or no filter', () => {
    expect(screenOrder(events, 'record.startsAt < now')).toBeUndefined();
    expect(screenOrder(events, 'record.seats > 0')).toBeUndefined();
    expect(screenOrder(events, 'record.startsAt > record.createdAt')).toBeUndefined();
    expect(screenOrder(events, 'record.startsAt > now || record.seats > 0')).toBeUndefined();
    expect(screenOrder(events, 'record.missing > now')).toBeUndefined();
    expect(screenOrder(events, undefined)).toBeUndefined();
  });
});
