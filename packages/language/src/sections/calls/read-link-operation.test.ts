import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const entities = (followed = '| followed | → User | yes | | unique with follower |') =>
  [
    '### Follow',
    '',
    '| Field | Type | Required | Default | Rules |',
    '|---|---|---|---|---|',
    '| follower | → User | yes | `user.id` | read-only |',
    followed,
    '| note | text | no | | |',
  ].join('\n');
const HEAD = '| Method | Path | Operation | Response |\n|---|---|---|---|';
const calls = (rows: string[], followed?: string): string =>
  spec({ 3: entities(followed), 7: `${HEAD}\n${rows.join('\n')}` });

describe('readLinkOperation', () => {
  it('reads add me as and remove me as, with the path entity and the reference it fills', () => {
    const model = expectClean(
      calls([
        '| POST | /api/profiles/:id/follow | add me as Follow.follower | User |',
        '| DELETE | /api/profiles/:id/follow | remove me  as Follow.follower | User |',
      ]),
    );
    expect(model.calls.map((c) => c.operation)).toEqual([
      { kind: 'add-link', entity: 'User', link: 'Follow', field: 'follower', via: 'followed' },
      { kind: 'remove-link', entity: 'User', link: 'Follow', field: 'follower', via: 'followed' },
    ]);
  });

  it('finds the partner from either side of unique with', () => {
    const md = calls(
      ['| POST | /api/profiles/:id/follow | add me as Follow.followed | User |'],
      '| followed | → User | yes | | |\n| extra | → User | no | | unique with followed |',
    );
    const model = expectClean(md);
    expect(model.calls[0]!.operation).toMatchObject({ field: 'followed', via: 'extra' });
  });

  it('refuses an unknown link entity or field at the name', () => {
    const entity = calls(['| POST | /api/x/:id/follow | add me as Folow.follower | User |']);
    expectDiagnostic(entity, 'unknown-entity', at(entity, 'Folow.follower'));
    const field = calls(['| POST | /api/x/:id/follow | add me as Follow.folower | User |']);
    expectDiagnostic(field, 'unknown-field', at(field, 'folower |'));
  });

  it('refuses a field that is not a → User unique with one other reference', () => {
    const text = calls(['| POST | /api/x/:id/follow | add me as Follow.note | User |']);
    expectDiagnostic(text, 'bad-link-field', at(text, 'note | User'));
    const alone = calls(
      ['| POST | /api/x/:id/follow | add me as Follow.follower | User |'],
      '| followed | → User | yes | | |',
    );
    expectDiagnostic(alone, 'bad-link-field', at(alone, 'follower | User'));
  });
});
