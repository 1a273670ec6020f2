import {
  Catalogue,
  checkSettingsAt,
  fieldProblemMessage,
  transitionInputs,
  type AppModel,
} from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/api-error.js';
import { fieldsProblemMessage, refusedFields, valueChecks } from '../src/model/value-checks.js';
import { actionInput, problemsAtInputs } from '../src/screens/detail/action-input.js';
import { formRefusal } from '../src/ui/forms/form-refusal.js';
import { example } from './examples.js';

const stockroom = example('stockroom');
const workshops = example('workshops');
/** What the form's checks need of an application: its model and its catalogue. */
const wording = (model: AppModel) => ({ model, catalogue: new Catalogue(model) });

describe('the messages of a refused field, as the server words them', () => {
  it('says what is wrong after the field’s label, whatever the catalogue says', () => {
    const venue = workshops.entities.find((e) => e.name === 'Venue')!;
    const checks = valueChecks(workshops, venue.fields);
    const settings = checkSettingsAt(workshops, Date.now());
    const refused = refusedFields(
      checks,
      { capacity: 600, mapLink: 'ftp://x' },
      ['capacity', 'mapLink'],
      settings,
    );
    expect([...refused].map(([name, reason]) => fieldProblemMessage(name, reason))).toEqual([
      'Capacity must be at most 500.',
      'Map link must be a web address starting with http:// or https://.',
    ]);
  });

  it('fills the catalogue’s {field} with the fields in words, several in prose', () => {
    expect(fieldsProblemMessage(wording(workshops).catalogue, ['title', 'mapLink', 'tags'])).toBe(
      'Please check title, map link and tags.',
    );
    expect(fieldsProblemMessage(wording(stockroom).catalogue, ['sku'])).toBe(
      'Some fields need attention.',
    );
  });

  it('answers the form’s own findings as the server would: VALIDATION_FAILED, field by field', () => {
    const refusal = formRefusal(wording(workshops).catalogue, {
      capacity: { type: 'validate', message: 'Capacity must be at most 500.' },
    });
    expect(refusal).toBeInstanceOf(ApiError);
    expect([refusal.status, refusal.code, refusal.message]).toEqual([
      422,
      'VALIDATION_FAILED',
      'Please check capacity.',
    ]);
    expect(refusal.fieldMessages().get('capacity')).toBe('Capacity must be at most 500.');
  });
});

describe('what a transition’s dialog sends', () => {
  const lifecycle = stockroom.lifecycles.find((l) => l.entity === 'PurchaseOrder')!;
  const receive = lifecycle.transitions.find((t) => t.action === 'receive')!;
  const inputs = transitionInputs(stockroom, 'PurchaseOrder', [receive]);
  const order = { id: 'o1', status: 'approved', quantity: 40, receivedQuantity: null };

  it('checks an input its Sets assigns to a field as the server checks that field', () => {
    expect(inputs.map((i) => [i.name, i.field?.name])).toEqual([['quantity', 'receivedQuantity']]);
    expect(actionInput(wording(stockroom), order, inputs, { quantity: '40' }, 'UTC')).toEqual({
      input: { quantity: 40 },
      problems: {},
    });
    // receivedQuantity: min 0; and no whole number at all. Said at the input, by its label.
    const says = (typed: string) =>
      actionInput(wording(stockroom), order, inputs, { quantity: typed }, 'UTC').problems;
    expect(says('-1')).toEqual({ quantity: 'Quantity must be at least 0.' });
    expect(says('forty')).toEqual({ quantity: 'Quantity must be a whole number.' });
  });

  it('leaves the When to the server, and puts its field problems at the input that gives them', () => {
    // 60 is a fine receivedQuantity: only the When (at most the quantity plus 5) refuses it.
    expect(
      actionInput(wording(stockroom), order, inputs, { quantity: '60' }, 'UTC').problems,
    ).toEqual({});
    // The server names the input it was sent, or the field a Sets gives a value worked out from it.
    for (const field of ['quantity', 'receivedQuantity']) {
      const message = 'Quantity must be at least 0.';
      const placed = new ApiError(422, 'VALIDATION_FAILED', 'm', 'd', [
        { field, code: 'VALIDATION_FAILED', message },
      ]);
      expect(problemsAtInputs(placed, inputs)).toEqual({
        problems: { quantity: message },
        all: true,
      });
    }
    const guard = new ApiError(422, 'RECEIVED_TOO_MANY', 'More than…', 'd');
    expect(problemsAtInputs(guard, inputs).all).toBe(false);
  });
});
