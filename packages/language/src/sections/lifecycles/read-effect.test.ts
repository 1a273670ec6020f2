import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../../test-support.js';

const ENTITIES = [
  '### Request\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| title | text | yes | | |\n| priority | text | no | | |\n| status | state | | | |',
  '### Visit\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| request | -> Request | yes | | |\n| queuedAt | datetime | yes | `now` | |\n| status | state | | | |',
  '### Note\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| to | -> User | yes | | |\n| text | text | yes | | |\n| seen | boolean | yes | false | |',
].join('\n\n');
const HEAD = '| From | Action | To | Who | When | Sets | Error |\n|---|---|---|---|---|---|---|';
const LIFECYCLES = (effects: string) =>
  [
    `### Request\n\n- States: open, scheduled\n- Initial: open\n\n${HEAD}\n| open | schedule | scheduled | agent | | | |`,
    `### Visit\n\n- States: queued, booked, done\n- Initial: queued\n${effects}\n\n${HEAD}\n| queued | book | booked | agent | | | |\n| booked | finish | done | agent | | | |`,
  ].join('\n\n');
const ROLES =
  '| Role | Description | Sign-up |\n|---|---|---|\n| agent | Works | default |\n\n| Role | Entity | Actions | Allowed | Fields |\n|---|---|---|---|---|\n| agent | * | * | yes | all |';
const md = (effects: string) => spec({ 3: ENTITIES, 4: LIFECYCLES(effects), 6: ROLES });

describe('lifecycle effects', () => {
  it('reads a create, a transition taken, an update and a query', () => {
    const text = md(
      [
        '- After book: create Note with to = `user.id`, text = `"Booked: " + record.request.title`',
        '- After book: request takes schedule',
        '- After finish: update request with priority = `"low"`',
        '- After finish: first Visit v where `v.request == record.request && v.status == "queued"` by v.queuedAt takes book',
        '- After create: update first Visit v where `v.id != record.id` by v.queuedAt descending with queuedAt = `now`',
      ].join('\n'),
    );
    const visit = expectClean(text, true).lifecycles.find((l) => l.entity === 'Visit')!;
    expect(visit.effects).toMatchObject([
      {
        kind: 'create',
        after: 'book',
        entity: 'Note',
        sets: [{ field: 'to', value: { source: 'user.id' } }, { field: 'text' }],
      },
      {
        kind: 'take',
        after: 'book',
        target: { kind: 'reference', field: 'request' },
        action: 'schedule',
      },
      {
        kind: 'update',
        target: { kind: 'reference', field: 'request' },
        sets: [{ field: 'priority' }],
      },
      {
        kind: 'take',
        after: 'finish',
        target: { kind: 'first', entity: 'Visit', variable: 'v', by: 'queuedAt' },
        action: 'book',
      },
      {
        kind: 'update',
        after: 'create',
        target: { kind: 'first', by: 'queuedAt', descending: true },
        sets: [{ field: 'queuedAt' }],
      },
    ]);
  });

  it('refuses a sentence that is not an effect', () => {
    const text = md('- After book: notify the request');
    expectDiagnostic(text, 'bad-effect', at(text, 'notify the'));
  });

  it('reports an unknown action after which it runs', () => {
    const text = md('- After bok: request takes schedule');
    expectDiagnostic(text, 'unknown-action', at(text, 'bok:'));
  });

  it('reports an unknown entity to create, at its name', () => {
    const text = md('- After book: create Nott with text = `"x"`');
    expectDiagnostic(text, 'unknown-entity', at(text, 'Nott'));
  });

  it('reports an unknown field, at its name', () => {
    const text = md('- After book: update request with priorty = `"high"`');
    expectDiagnostic(text, 'unknown-field', at(text, 'priorty'));
  });

  it('reports a reference field that is not one', () => {
    const text = md('- After book: reqest takes schedule');
    expectDiagnostic(text, 'unknown-field', at(text, 'reqest'));
  });

  it('reports a transition the target does not have', () => {
    const text = md('- After book: request takes shedule');
    expectDiagnostic(text, 'unknown-action', at(text, 'shedule'));
  });

  it('reports a value of the wrong type, at the value', () => {
    const text = md('- After book: create Note with to = `user.id`, text = `"x"`, seen = `"yes"`');
    expectDiagnostic(text, 'value-type-mismatch', at(text, '"yes"'));
  });

  it('reports a required field the created record is not given', () => {
    const text = md('- After book: create Note with text = `"x"`');
    expectDiagnostic(text, 'effect-misses-field', at(text, 'Note with'));
  });

  it("refuses to set another record's state", () => {
    const text = md('- After book: update request with status = `"scheduled"`');
    expectDiagnostic(text, 'effect-sets-state', at(text, 'status ='));
  });

  it('type-checks the query, which sees the candidate and the record', () => {
    const text = md('- After finish: first Visit v where `v.request == record.nope` takes book');
    expectDiagnostic(text, 'unknown-field', at(text, 'nope'));
  });

  it('reports an order by a field the entity does not have', () => {
    const text = md(
      '- After finish: first Visit v where `v.status == "queued"` by v.when takes book',
    );
    expectDiagnostic(text, 'unknown-field', at(text, 'v.when'));
  });
});
