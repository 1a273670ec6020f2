import { apiCalls } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { isMember, membershipsOf } from '../src/model/memberships.js';
import { example } from './examples.js';

describe('membershipsOf', () => {
  const model = example('conduit');
  const calls = apiCalls(model);
  const entity = (name: string) => model.entities.find((e) => e.name === name)!;

  it('offers a list the caller joins, shown by its computed boolean', () => {
    const [favourite] = membershipsOf(model, entity('Article'), calls);
    expect(favourite).toMatchObject({
      field: 'favoritedBy',
      label: 'Favorited',
      shownBy: 'favorited',
    });
    expect(favourite!.add?.path).toBe('/api/articles/:slug/favorite');
  });

  it('offers a link record the caller makes, shown by the boolean counting those links', () => {
    const [follow] = membershipsOf(model, entity('User'), calls);
    expect(follow).toMatchObject({
      field: 'Follow.follower',
      label: 'Following',
      shownBy: 'following',
    });
    expect([follow!.add?.method, follow!.remove?.method]).toEqual(['POST', 'DELETE']);
    expect(isMember(follow!, { following: true }, 'u1')).toBe(true);
    expect(isMember(follow!, { following: false }, 'u1')).toBe(false);
  });
});
