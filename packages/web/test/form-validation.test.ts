import { Catalogue, transitionInputs, type AppModel } from '@specrun/model';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/api-error.js';
import { fieldsProblemMessage, fieldProblemMessage } from '../src/model/value-checks.js';
import { actionInput, problemsAtInputs } from '../src/screens/detail/action-input.js';
import { formRefusal } from '../src/ui/forms/form-refusal.js';
import { example } from './examples.js';

const stockroom = example('stockroom');
const workshops = example('workshops');
/** What the form's checks need of an application: its model and its catalogue. */
const wording = (model: AppModel) => ({ model, catalogue: new Catalogue(model) });

describe('the messages of a refused field, as the server words them', () => {
  it('fills the catalogue’s {field} with the field, and lists several in prose', () => {
    expect(fieldProblemMessage(wording(workshops).catalogue, 'capacity')).toBe(
      'Please check capacity.',
    );
    expect(fieldsProblemMessage(wording(workshops).catalogue, ['title', 'summary', 'tags'])).toBe(
      'Please check title, summary and tags.',
    );
    expect(fieldProblemMessage(wording(stockroom).catalogue, 'sku')).toBe(
      'Some fields need attention.',
    );
  });

  it('answers the form’s own findings as the server would: VALIDATION_FAILED, field by field', () => {
    const refusal = formRefusal(wording(workshops).catalogue, {
      capacity: { type: 'validate', message: 'Please check capacity.' },
    });
    expect(refusal).toBeInstanceOf(ApiError);
    expect([refusal.status, refusal.code, refusal.message]).toEqual([
      422,
      'VALIDATION_FAILED',
      'Please check capacity.',
    ]);
    expect(refusal.fieldMessages().get('capacity')).toBe('Please check capacity.');
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
    // receivedQuantity: min 0; and no whole number at all.
    for (const typed of ['-1', 'forty'])
      expect(
        actionInput(wording(stockroom), order, inputs, { quantity: typed }, 'UTC').problems,
      ).toEqual({
        quantity: 'Some fields need attention.',
      });
  });

  it('leaves the When to the server, and puts its field problems at the input that gives them', () => {
    // 60 is a fine receivedQuantity: only the When (at most the quantity plus 5) refuses it.
    expect(
      actionInput(wording(stockroom), order, inputs, { quantity: '60' }, 'UTC').problems,
    ).toEqual({});
    const placed = new ApiError(422, 'VALIDATION_FAILED', 'm', 'd', [
      {
        field: 'receivedQuantity',
        code: 'VALIDATION_FAILED',
        message: 'Some fields need attention.',
      },
    ]);
    expect(problemsAtInputs(placed, inputs)).toEqual({
      problems: { quantity: 'Some fields need attention.' },
      all: true,
    });
    const guard = new ApiError(422, 'RECEIVED_TOO_MANY', 'More than…', 'd');
    expect(problemsAtInputs(guard, inputs).all).toBe(false);
  });
});
