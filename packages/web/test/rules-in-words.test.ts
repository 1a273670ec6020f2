import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  Catalogue,
  checkSettingsAt,
  fieldCheck,
  fieldProblem,
  transitionInputs,
  type AppModel,
  type Field,
} from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { refusedFields, valueChecks } from '../src/model/value-checks.js';
import { actionInput, dialogGuard, inputField } from '../src/screens/detail/action-input.js';
import { ruleHints } from '../src/ui/inputs/rule-hints.js';
import { example } from './examples.js';

const EXAMPLES = readdirSync(fileURLToPath(new URL('../../../examples/', import.meta.url)))
  .filter((f) => f.endsWith('.spec.md'))
  .map((f) => f.replace('.spec.md', ''));

/**
 * What a regular expression looks like, never what people read: anchors, classes, counted
 * repeats, escapes, groups of the syntax.
 */
const REGEX_SYNTAX = /\^|\$(?![\d ])|\[[^\]]*\]|\{\d+(,\d*)?\}|\\[dwsDWSb.]|\(\?|\.\*|\.\+|\|/;

/** Every pattern the example writes, as written: none may be shown. */
const patternsOf = (model: AppModel) =>
  model.entities.flatMap((e) =>
    e.fields.flatMap((f) => f.rules.flatMap((r) => (r.kind === 'pattern' ? [r.regex] : []))),
  );

function expectWords(model: AppModel, texts: readonly string[], where: string) {
  for (const text of texts) {
    expect(text, `${where}: ${text}`).not.toMatch(REGEX_SYNTAX);
    for (const regex of patternsOf(model)) expect(text, where).not.toContain(regex);
  }
}

/** A value that breaks a field's pattern, and nothing else of its rules. */
const offPattern = (field: Field) => {
  const length = field.rules.find((r) => r.kind === 'length');
  const size = length?.kind === 'length' ? Math.max(length.min ?? 1, 1) : 3;
  return '!'.repeat(Math.min(size, length?.kind === 'length' ? (length.max ?? size) : size));
};

describe('every rule of every example is said in words, never as a regular expression', () => {
  for (const name of EXAMPLES) {
    it(`${name}: field hints and the problems of a value off its pattern`, () => {
      const model = example(name);
      const catalogue = new Catalogue(model);
      const settings = checkSettingsAt(model, Date.now());
      for (const entity of model.entities)
        for (const field of entity.fields) {
          const where = `${entity.name}.${field.name}`;
          expectWords(model, ruleHints(field, fieldCheck(model, field).scale), where);
          if (!field.rules.some((r) => r.kind === 'pattern')) continue;
          const checks = valueChecks(model, [field]);
          const values = { [field.name]: offPattern(field) };
          const refused = refusedFields(checks, values, [field.name], settings);
          const reason = refused.get(field.name);
          expect(reason, where).toBeDefined();
          expectWords(model, [fieldProblem(catalogue, field.name, reason!).message], where);
        }
    });

    it(`${name}: the catalogue's messages and every action's inputs`, () => {
      const model = example(name);
      const catalogue = new Catalogue(model);
      const messages = model.catalogue.map(
        (e) => catalogue.resolve(e.code, { field: 'x' }).message,
      );
      expectWords(model, messages, 'catalogue');
      for (const lifecycle of model.lifecycles)
        for (const row of lifecycle.transitions) {
          const guard = dialogGuard(model, [row]);
          const inputs = transitionInputs(model, lifecycle.entity, [row]);
          const where = `${lifecycle.entity}.${row.action}`;
          for (const i of inputs) {
            const field = inputField(i, guard);
            expectWords(model, ruleHints(field, fieldCheck(model, field).scale), where);
          }
          // Every input left blank: what the dialog says at each.
          const blank = actionInput({ model, catalogue }, { id: 'r' }, inputs, {}, 'UTC', guard);
          expectWords(model, Object.values(blank.problems), where);
        }
    });
  }
});

describe('what a pattern and a guard on an input say', () => {
  const library = example('library');
  const isbn = library.entities
    .find((e) => e.name === 'Book')!
    .fields.find((f) => f.name === 'isbn')!;

  it('hints that a patterned field has a form of its own, and says so when it is off', () => {
    expect(ruleHints(isbn)).toEqual(['Must be unique', 'In the expected form for isbn']);
    const refused = refusedFields(
      valueChecks(library, [isbn]),
      { isbn: '12345' },
      ['isbn'],
      checkSettingsAt(library, Date.now()),
    );
    expect(fieldProblem(new Catalogue(library), 'isbn', refused.get('isbn')!).message).toBe(
      'Isbn is not in the expected form.',
    );
  });

  it('gives a dialog input the guard’s length as a hint, and its problem in words', () => {
    const workshops = example('workshops');
    const cancel = workshops.lifecycles
      .find((l) => l.entity === 'Event')!
      .transitions.find((t) => t.action === 'cancel')!;
    const guard = dialogGuard(workshops, [cancel]);
    const inputs = transitionInputs(workshops, 'Event', [cancel]);
    const reason = inputField(inputs[0]!, guard);
    expect(reason.required).toBe(true);
    expect(ruleHints(reason)).toEqual(['At least 5 characters']);
    const app = { model: workshops, catalogue: new Catalogue(workshops) };
    const said = (typed: string) =>
      actionInput(app, { id: 'e1' }, inputs, { reason: typed }, 'UTC', guard).problems;
    expect(said('no')).toEqual({ reason: 'Reason must be at least 5 characters.' });
    expect(said('')).toEqual({ reason: 'Reason is required.' });
    expect(said('The venue is flooded')).toEqual({});
  });

  it('says the row’s Error at the input when the row names one', () => {
    const courts = example('courts');
    const withdraw = courts.lifecycles
      .flatMap((l) => l.transitions)
      .find((t) => t.action === 'withdraw')!;
    const guard = dialogGuard(courts, [withdraw]);
    const inputs = transitionInputs(courts, 'Booking', [withdraw]);
    const app = { model: courts, catalogue: new Catalogue(courts) };
    expect(actionInput(app, { id: 'b1' }, inputs, { reason: 'no' }, 'UTC', guard).problems).toEqual(
      { reason: 'Tell the member why, in a few words.' },
    );
  });

  it('leaves the guard to the server when several rows may take the action', () => {
    const vetclinic = example('vetclinic');
    const cancels = vetclinic.lifecycles
      .flatMap((l) => l.transitions)
      .filter((t) => t.action === 'cancel');
    expect(cancels.length).toBeGreaterThan(1);
    expect(dialogGuard(vetclinic, cancels).conditions).toEqual([]);
  });
});
