import { describe, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

const ENTITIES = [
  '### Tag',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| name | text | yes | | |',
  '| active | boolean | no | true | |',
  '',
  '### Note',
  '',
  '| Field | Type | Required | Default | Rules |',
  '|---|---|---|---|---|',
  '| title | text | yes | | |',
  '| tags | list of Tag | no | | |',
  '| main | → Tag | no | | |',
  '| urgent | boolean | no | | |',
  '| status | state | | | |',
].join('\n');
const life = (when: string, sets = ''): string =>
  `### Note\n\n- States: open, done\n- Initial: open\n\n| From | Action | To | Who | When | Sets |\n|---|---|---|---|---|---|\n| open | finish | done | signed-in | ${when} | ${sets} |`;
const rule = (source: string) =>
  `| Entity | Rule | Error | On |\n|---|---|---|---|\n| Note | \`${source}\` | BAD_TAGS | create |`;
const CATALOGUE = '| Code | Status | Message |\n|---|---|---|\n| BAD_TAGS | 422 | Bad tags. |';
const doc = (bodies: Record<number, string>): string =>
  spec({ 3: ENTITIES, 4: life(''), 8: CATALOGUE, ...bodies });

describe('checkListItems', () => {
  it('accepts exists and all over the items in a rule and a guard, which the database runs', () => {
    expectClean(
      doc({
        4: life('`record.tags.all(t, t.active)`'),
        5: rule('!record.tags.exists(t, !t.active)'),
      }),
      true,
    );
  });

  it('accepts map and filter that use only the items themselves', () => {
    expectClean(doc({ 5: rule('record.tags.filter(t, t != record.main).size() <= 3') }), true);
  });

  it('errors where filter reads a field of each referenced item', () => {
    const md = doc({ 5: rule('record.tags.filter(t, !t.active).size() == 0') });
    expectDiagnostic(md, 'list-item-field-on-server', at(md, 't.active).size()'));
  });

  it('errors where a Set reads the items, as Sets are worked out on the server', () => {
    const md = doc({ 4: life('', 'urgent = `record.tags.exists(t, t.name == "urgent")`') });
    expectDiagnostic(md, 'list-item-field-on-server', at(md, 't.name == "urgent"'));
  });

  it('errors at the guard part that reads input and the items, and not at the others', () => {
    const md = doc({
      4: life('`record.tags.all(t, t.active) && record.tags.exists(t, t.name == input.tag)`'),
    });
    expectDiagnostic(md, 'list-item-field-on-server', at(md, 't.name == input.tag'));
  });
});
