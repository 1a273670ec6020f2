import { callerRoles } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { fallbackSort, sortKey } from '../src/screens/list/list-columns.js';
import { example } from './examples.js';

const workshops = example('workshops');
const field = (entity: string, name: string) =>
  workshops.entities.find((e) => e.name === entity)!.fields.find((f) => f.name === name)!;
const visitor = callerRoles(null);
const attendee = callerRoles({ roles: ['attendee'] });

describe('what a list column sorts by', () => {
  it('is the field itself when its values compare as shown', () => {
    expect(sortKey(workshops, visitor, field('Event', 'startsAt'))).toBe('startsAt');
    expect(sortKey(workshops, visitor, field('Event', 'summary'))).toBeUndefined();
  });

  it('is the title of the record a reference points to, never its id', () => {
    expect(sortKey(workshops, attendee, field('Booking', 'event'))).toBe('event.title');
    expect(sortKey(workshops, visitor, field('Event', 'venue'))).toBe('venue.name');
  });

  it('is nothing when the reader may not read that title', () => {
    // Visitors may read no user: the organiser's name is not theirs to sort by.
    expect(sortKey(workshops, visitor, field('Event', 'organizer'))).toBeUndefined();
  });

  it('stands in for newest first when the reader may not read createdAt', () => {
    const columns = [field('Booking', 'event'), field('Booking', 'status')];
    expect(fallbackSort(workshops, attendee, new Set(['id']), columns)).toBe('event.title');
    expect(fallbackSort(workshops, attendee, new Set(['createdAt']), columns)).toBeUndefined();
  });
});
