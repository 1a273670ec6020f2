import { describe, expect, it } from 'vitest';
import { at, expectClean, expectDiagnostic, spec } from '../test-support.js';

const entities = (rules: { room?: string; code?: string; enrolment?: string } = {}) =>
  [
    '### Building\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| name | text | yes | | |',
    `### Room\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| building | → Building | yes | | |\n| number | text | yes | | ${rules.room ?? 'unique per building'} |\n| code | text | no | | ${rules.code ?? ''} |\n| tags | list of Building | no | | |`,
    `### Enrolment\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| room | → Room | yes | | |\n| student | → User | yes | | ${rules.enrolment ?? 'unique with room'} |\n| term | text | no | | |\n| status | state | | | |`,
  ].join('\n\n');
const LIFE =
  '### Enrolment\n\n- States: enrolled, waitlisted\n- Initial: enrolled\n\n| From | Action | To | Who | When | Sets | Error |\n|---|---|---|---|---|---|---|\n| waitlisted | admit | enrolled | admin | | | |';
const doc = (rules: Parameters<typeof entities>[0] = {}, life = LIFE, more = {}) =>
  spec({ 3: entities(rules), 4: life, ...more });

describe('unique per and unique with', () => {
  it('reads the fields a value is unique with', () => {
    const model = expectClean(doc({ enrolment: 'unique with room, term' }), true);
    const room = model.entities.find((e) => e.name === 'Room')!;
    expect(room.fields.find((f) => f.name === 'number')!.rules).toEqual([
      { kind: 'unique', with: ['building'] },
    ]);
    const enrolment = model.entities.find((e) => e.name === 'Enrolment')!;
    expect(enrolment.fields.find((f) => f.name === 'student')!.rules).toEqual([
      { kind: 'unique', with: ['room', 'term'] },
    ]);
  });

  it('reads a list written with and, beside other rules', () => {
    const model = expectClean(doc({ code: 'unique with building and number, 2..10 chars' }), true);
    const room = model.entities.find((e) => e.name === 'Room')!;
    expect(room.fields.find((f) => f.name === 'code')!.rules).toEqual([
      { kind: 'unique', with: ['building', 'number'] },
      { kind: 'length', min: 2, max: 10 },
    ]);
  });

  it('errors on an unknown field at its name, with a hint', () => {
    const md = doc({ room: 'unique per bilding' });
    expect(expectDiagnostic(md, 'unknown-field', at(md, 'bilding')).hint).toContain('building');
  });

  it('errors on a list, the field itself, or a name given twice', () => {
    const list = doc({ code: 'unique with tags' });
    expectDiagnostic(list, 'bad-rule-field', at(list, 'tags |'));
    const itself = doc({ code: 'unique per code' });
    expectDiagnostic(itself, 'bad-rule-field', at(itself, 'code |', 1));
    const twice = doc({ enrolment: 'unique with room, room' });
    expectDiagnostic(twice, 'bad-rule-field', at(twice, 'room |', 1));
  });
});

describe('numbered', () => {
  it('reads a format and the parent it counts within', () => {
    const model = expectClean(doc({ code: 'numbered R-{nnnn} per building' }), true);
    const room = model.entities.find((e) => e.name === 'Room')!;
    expect(room.fields.find((f) => f.name === 'code')!.rules).toEqual([
      { kind: 'numbered', format: 'R-{nnnn}', per: 'building' },
    ]);
  });

  it('reads a format in backticks, and {n} by default', () => {
    const model = expectClean(doc({ code: 'numbered `INV {yyyy}-{n}`', room: 'numbered' }), true);
    const room = model.entities.find((e) => e.name === 'Room')!;
    expect(room.fields.find((f) => f.name === 'code')!.rules).toEqual([
      { kind: 'numbered', format: 'INV {yyyy}-{n}' },
    ]);
    expect(room.fields.find((f) => f.name === 'number')!.rules).toEqual([
      { kind: 'numbered', format: '{n}' },
    ]);
  });

  it('errors on a format without {n} or with an unknown part, at the format', () => {
    const none = doc({ code: 'numbered WEB-1 per building' });
    expectDiagnostic(none, 'bad-number-format', at(none, 'WEB-1'));
    const odd = doc({ code: 'numbered `WEB-{q}-{n}`' });
    expect(expectDiagnostic(odd, 'bad-number-format', at(odd, 'WEB-{q}')).hint).toContain('{yyyy}');
  });

  it('errors on an unknown parent, a default beside it, and a type it does not fit', () => {
    const parent = doc({ code: 'numbered R-{n} per bilding' });
    expectDiagnostic(parent, 'unknown-field', at(parent, 'bilding'));
    const withDefault = spec({
      3: '### Room\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| code | text | no | A | numbered |',
    });
    expectDiagnostic(withDefault, 'conflicting-rules', at(withDefault, 'code |'));
    const onDate = spec({
      3: '### Room\n\n| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|\n| on | date | no | | numbered |',
    });
    expectDiagnostic(onDate, 'rule-type-mismatch', at(onDate, 'numbered'));
  });
});

describe('a data-dependent initial state', () => {
  const choose = (initial: string) => LIFE.replace('- Initial: enrolled', `- Initial: ${initial}`);

  it('reads the states with their conditions and the state otherwise', () => {
    const md = doc(
      {},
      choose('waitlisted when `count(Enrolment, e, e.room == record.room) >= 2`, else enrolled'),
    );
    const [lifecycle] = expectClean(md, true).lifecycles;
    expect(lifecycle!.initial).toBe('enrolled');
    expect(lifecycle!.initialWhen).toEqual([
      {
        state: 'waitlisted',
        when: {
          source: 'count(Enrolment, e, e.room == record.room) >= 2',
          ...at(md, 'count(Enrolment'),
        },
      },
    ]);
  });

  it('errors on a choice without a condition in backticks, or without else', () => {
    const plain = doc({}, choose('waitlisted when full, else enrolled'));
    expectDiagnostic(plain, 'bad-initial', at(plain, 'waitlisted when'));
    const noElse = doc({}, choose('waitlisted when `true`, enrolled'));
    expectDiagnostic(noElse, 'bad-initial', at(noElse, 'enrolled', 1));
  });

  it('errors on an unknown state, and on a condition that reads what it cannot', () => {
    const state = doc({}, choose('waitlist when `true`, else enrolled'));
    expectDiagnostic(state, 'unknown-state', at(state, 'waitlist when'));
    const old = doc({}, choose('waitlisted when `old.room == null`, else enrolled'));
    expectDiagnostic(old, 'unknown-name', at(old, 'old.room'));
  });
});

describe('rules on delete', () => {
  const rules = (on: string, rule = '`count(Enrolment, e, e.room == old.room) > 1`') =>
    `| Entity | Rule | Error | On |\n|---|---|---|---|\n| Enrolment | ${rule} | LAST_ONE | ${on} |`;
  const catalogue =
    '| Code | Status | Message |\n|---|---|---|\n| LAST_ONE | 409 | The last one stays. |';

  it('reads a rule on delete that reads old', () => {
    const md = doc({}, LIFE, { 5: rules('delete'), 8: catalogue });
    expect(expectClean(md, true).rules[0]!.on).toEqual(['delete']);
  });

  it('errors on record in a rule on delete, and on delete beside another trigger', () => {
    const record = doc({}, LIFE, { 5: rules('delete', '`record.term != ""`'), 8: catalogue });
    expectDiagnostic(record, 'unknown-name', at(record, 'record.term'));
    const mixed = doc({}, LIFE, { 5: rules('update, delete'), 8: catalogue });
    expectDiagnostic(mixed, 'mixed-delete-trigger', at(mixed, 'update, delete'));
  });
});
