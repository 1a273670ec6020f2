import { describe, expect, it } from 'vitest';
import { appModel, entity, field, transition } from './test-support/model-parts.js';
import { actionInputs, inputNames, transitionInputs } from './transition-inputs.js';

const expression = (source: string) => ({ source, line: 1, column: 1 });
const receive = {
  ...transition('receive', ['approved'], 'received'),
  when: expression('input.quantity <= record.quantity + 5 && input.note != "input.fake"'),
  sets: [
    { field: 'receivedQuantity', value: expression('input.quantity') },
    { field: 'note', value: expression('"Received: " + input.note') },
  ],
};
const reject = {
  ...transition('receive', ['ordered'], 'rejected'),
  sets: [{ field: 'note', value: expression('input.reason') }],
};
const model = appModel({
  entities: [
    entity('Order', 'orders', [
      field('quantity', { kind: 'integer' }),
      field('receivedQuantity', { kind: 'integer' }),
      field('note', { kind: 'text' }),
    ]),
  ],
  lifecycles: [
    {
      entity: 'Order',
      field: 'status',
      states: ['ordered', 'approved', 'received', 'rejected'],
      initial: 'ordered',
      transitions: [receive, reject],
      description: '',
      line: 1,
    },
  ],
});

describe('the inputs of a transition', () => {
  it('are the names of input its expressions read, outside string literals', () => {
    expect(inputNames(receive.when.source)).toEqual(['quantity', 'note']);
  });

  it('take the type of the field a Sets copies them to as they are', () => {
    const inputs = transitionInputs(model, 'Order', [receive]);
    expect(inputs.map((i) => [i.name, i.field?.name])).toEqual([
      ['quantity', 'receivedQuantity'],
      ['note', undefined],
    ]);
  });

  it('of an action are those of all its rows', () => {
    expect(actionInputs(model, 'Order', 'receive').map((i) => [i.name, i.field?.name])).toEqual([
      ['quantity', 'receivedQuantity'],
      ['note', undefined],
      ['reason', 'note'],
    ]);
    expect(actionInputs(model, 'Order', 'cancel')).toEqual([]);
  });
});
