import { describe, expect, it } from 'vitest';
import type { Field } from '../entity.js';
import { appModel, entity, field } from '../test-support/model-parts.js';
import { recordTitle, shortTitle, titleField, TITLE_LENGTH } from './record-title.js';

const text = (name: string, rules: Field['rules'] = [], required = false): Field => ({
  ...field(name, { kind: 'text' }, rules),
  required,
});
const long = (name: string, required = false): Field => ({
  ...field(name, { kind: 'longText' }),
  required,
});
const titleOf = (...fields: Field[]) => titleField(entity('Thing', 'things', fields))?.name;

describe('titleField', () => {
  it('prefers a field whose name names, in order', () => {
    expect(titleOf(text('note', [], true), text('title'), text('name'))).toBe('name');
    expect(titleOf(text('code'), text('subject'))).toBe('subject');
  });

  it('takes a numbered field, then a unique text, then the first required text', () => {
    const numbered = text('ref', [{ kind: 'numbered', format: 'B-{yyyy}-{nnn}' }]);
    expect(titleOf(text('note', [], true), text('slug', [{ kind: 'unique' }]), numbered)).toBe(
      'ref',
    );
    expect(titleOf(text('note', [], true), text('slug', [{ kind: 'unique' }]))).toBe('slug');
    // A combination is not unique alone: it does not name the record.
    expect(
      titleOf(text('room', [{ kind: 'unique', with: ['building'] }]), text('note', [], true)),
    ).toBe('note');
  });

  it('falls back to the first required long text, never to an optional text', () => {
    expect(titleOf(text('note'), long('comment'), long('text', true))).toBe('text');
    expect(titleOf(field('count', { kind: 'integer' }), text('pickupNote'))).toBeUndefined();
  });
});

describe('recordTitle', () => {
  const alert = entity('Alert', 'alerts', [long('text', true)]);
  const model = appModel({ entities: [alert] });

  it('shortens a long text at a word, on one line', () => {
    const words =
      'The freezer in room 4 is above minus 15 degrees\nsince this morning, please check';
    const title = recordTitle(model, alert, { id: 'a', text: words })!;
    expect(title.length).toBeLessThanOrEqual(TITLE_LENGTH + 1);
    expect(title).toBe('The freezer in room 4 is above minus 15 degrees since this…');
    expect(shortTitle('  short\n text ')).toBe('short text');
  });

  it('is undefined when the record holds no title', () => {
    expect(recordTitle(model, alert, { id: 'a' })).toBeUndefined();
    expect(recordTitle(model, alert, { id: 'a', text: '  ' })).toBeUndefined();
  });
});
