import { apiCalls, callerRoles, findCall } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../src/model/access.js';
import { appScreens } from '../src/model/screens.js';
import { createChoice } from '../src/ui/inputs/create-choice.js';
import { example } from './examples.js';

const workshops = example('workshops');
const screens = appScreens(workshops);
const calls = apiCalls(workshops);
const person = (roles: string[]): SessionUser => ({ id: 'u', email: 'u@x.test', name: 'U', roles });
const offer = (roles: string[] | null, entity: string) => {
  const user = roles ? person(roles) : null;
  const create = calls.find((c) => c.operation.kind === 'create' && c.operation.entity === entity);
  return createChoice(workshops, screens, user, callerRoles(user), entity, create);
};

describe('creating the record a picker is missing', () => {
  it('is offered to a reader section 6 lets create it, with the fields they may set', () => {
    const tag = offer(['organizer'], 'Tag');
    expect(tag).toMatchObject({ entity: 'Tag', kind: 'Tag', typedInto: 'name' });
    expect(tag?.fields.map((f) => f.name)).toEqual(['name']);
  });

  it('is not offered to a reader without a create row, nor past a form they may not open', () => {
    expect(offer(['attendee'], 'Tag')).toBeUndefined();
    expect(offer(null, 'Tag')).toBeUndefined();
    // Venues have a create form, for admins: an organiser picks among those there are.
    expect(offer(['organizer'], 'Venue')).toBeUndefined();
    expect(offer(['admin'], 'Venue')?.fields.map((f) => f.name)).toEqual([
      'name',
      'address',
      'capacity',
      'accessible',
      'mapLink',
    ]);
  });

  it('is not offered when the API creates the entity only under a parent', () => {
    const conduit = example('conduit');
    const create = findCall(apiCalls(conduit), 'create', 'Comment');
    const user = person([]);
    expect(
      createChoice(conduit, appScreens(conduit), user, callerRoles(user), 'Comment', create),
    ).toBeUndefined();
  });
});
