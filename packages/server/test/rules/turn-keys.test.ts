import { describe, expect, it } from 'vitest';
import { countPins } from '../../src/rules/count-pins.js';
import { countedEntities } from '../../src/rules/counted-entities.js';
import { turnKeys, type TurnOf } from '../../src/rules/turn-keys.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';

const model = EXAMPLE_MODELS.helpdesk!;
const counted = countedEntities(model);
const rule = 'count(Ticket, t, t.customer == user.id && t.status != "closed") < MAX_OPEN_TICKETS';
const pins = countPins(rule, model, { entity: 'Ticket' });

/** A customer opening a ticket: the rule counts their tickets, the new ticket is theirs. */
const opening = (customer: string): TurnOf => ({
  entity: 'Ticket',
  pins,
  values: { user: { id: customer } },
  rows: [{ customer, status: 'open' }],
});
type Keys = { id: string; shared: boolean }[];
/** Whether two turns wait for each other: a key in common that one of them takes alone. */
const conflict = (a: Keys, b: Keys) =>
  a.some((k) => b.some((o) => o.id === k.id && !(o.shared && k.shared)));

describe('turnKeys', () => {
  it("lets two customers' creates run side by side", () => {
    expect(conflict(turnKeys(counted, opening('a')), turnKeys(counted, opening('b')))).toBe(false);
  });

  it("makes one customer's creates wait for each other", () => {
    const a = turnKeys(counted, opening('a'));
    expect(a).toEqual(turnKeys(counted, opening('a')));
    expect(conflict(a, a)).toBe(true);
  });

  it("makes an agent's ticket for a customer wait for that customer's count", () => {
    const forCustomer: TurnOf = { ...opening('agent'), rows: [{ customer: 'a' }] };
    expect(conflict(turnKeys(counted, forCustomer), turnKeys(counted, opening('a')))).toBe(true);
    expect(conflict(turnKeys(counted, forCustomer), turnKeys(counted, opening('b')))).toBe(false);
  });

  it('makes a write that decides on no count wait for nothing', () => {
    expect(turnKeys(counted, { ...opening('a'), pins: [] })).toEqual([]);
  });

  it('makes a count wait for every count of the entity when it may move records elsewhere', () => {
    const moving = turnKeys(counted, { ...opening('a'), movesPins: true });
    expect(conflict(moving, turnKeys(counted, opening('b')))).toBe(true);
  });

  it('answers keys in ascending order, none for a write nothing counts', () => {
    const keys = turnKeys(counted, {
      ...opening('a'),
      rows: [{ customer: 'a' }, { customer: 'b' }, { customer: 'c' }],
    });
    const ids = keys.map((k) => BigInt(k.id));
    expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(
      turnKeys(counted, { entity: 'Comment', pins: [], values: { user: null }, rows: [{}] }),
    ).toEqual([]);
  });
});
