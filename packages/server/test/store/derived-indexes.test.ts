import { describe, expect, it } from 'vitest';
import { deriveTables } from '../../src/index.js';
import { chooseIndexes } from '../../src/store/derived-indexes/choose-indexes.js';
import { conditionPins } from '../../src/store/derived-indexes/condition-pins.js';
import type { IndexNeed } from '../../src/store/derived-indexes/index-need.js';
import { callArguments } from '../../src/store/derived-indexes/top-level.js';
import { EXAMPLE_MODELS } from '../operations/support/example-models.js';
import { parsed, specText } from '../support/parsed-model.js';

const helpdesk = EXAMPLE_MODELS.helpdesk!;
const onTicket = (source: string) =>
  conditionPins(source, helpdesk, { entity: 'Ticket' }, 'record', 'Ticket');

describe('conditionPins', () => {
  it('pins a field held equal to a value known before reading, either way round', () => {
    expect(onTicket('record.customer == user.id')).toEqual({ equal: ['customer'], compared: [] });
    expect(onTicket('user.id == record.customer')).toEqual({ equal: ['customer'], compared: [] });
    expect(onTicket('(record.status == "open") && record.priority == "high"').equal).toEqual([
      'status',
      'priority',
    ]);
  });

  it('reads a comparison inside a string literal as text', () => {
    expect(onTicket('record.title == "a == b || c"').equal).toEqual(['title']);
  });

  it('keeps `in` and `!=` apart from the pins', () => {
    expect(onTicket('record.status in ["open", "assigned"]')).toEqual({
      equal: [],
      compared: ['status'],
    });
    expect(onTicket('record.customer == user.id && record.status != "closed"')).toEqual({
      equal: ['customer'],
      compared: ['status'],
    });
  });

  it('pins nothing through an OR, a value read off the row, or a converted kind', () => {
    expect(onTicket('record.customer == user.id || record.status == "open"').equal).toEqual([]);
    expect(onTicket('record.customer == record.assignee').equal).toEqual([]);
    expect(onTicket('record.resolvedAt == now').equal).toEqual([]);
    expect(onTicket('record.customer.name == "Ann"').equal).toEqual([]);
    expect(onTicket('record.customer == ').equal).toEqual([]);
  });

  it('pins a count’s condition on its own variable, the outer record being known', () => {
    const scope = { entity: 'Ticket', variables: { t: 'Ticket' } };
    const pins = conditionPins('t.customer == record.customer', helpdesk, scope, 't', 'Ticket');
    expect(pins.equal).toEqual(['customer']);
  });
});

describe('callArguments', () => {
  it('splits a call at its top-level commas, strings and brackets kept whole', () => {
    const source = 'size(x) > 0 && count(Ticket, t, t.title in ["a, b", "c)"]) < 3';
    expect(callArguments(source, source.indexOf('count'))).toEqual([
      'Ticket',
      't',
      't.title in ["a, b", "c)"]',
    ]);
  });
});

describe('chooseIndexes', () => {
  const need = (equal: string[], order: [string, boolean][], compared: string[] = []) =>
    ({
      entity: 'Ticket',
      equal,
      compared,
      order: order.map(([column, desc]) => ({ column, desc })),
      why: 'test',
    }) satisfies IndexNeed;
  const ref = (column: string) => ({ name: `t_${column}_idx`, columns: [column], unique: false });

  it('makes one index per need that none answers, longest first', () => {
    const list = need(
      ['customer'],
      [
        ['createdAt', true],
        ['id', false],
      ],
    );
    const count = need(['customer'], [], ['status']);
    const chosen = chooseIndexes('t', [], [ref('customer')], [count, list], new Set(['id']));
    expect(chosen).toEqual([
      {
        name: 'ix_t__customer_createdAt_id',
        columns: ['customer', 'createdAt', 'id'],
        unique: false,
        descending: ['createdAt'],
      },
    ]);
  });

  it('takes an index read backwards, pins in any order, and a unique pin as answered', () => {
    const have = {
      name: 'ix',
      columns: ['b', 'a', 'createdAt', 'id'],
      unique: false,
      descending: ['id'],
    };
    const reversed = need(
      ['a', 'b'],
      [
        ['createdAt', true],
        ['id', false],
      ],
    );
    expect(chooseIndexes('t', [have], [], [reversed], new Set(['id']))).toEqual([have]);
    expect(
      chooseIndexes('t', [], [], [need(['id'], [['createdAt', true]])], new Set(['id'])),
    ).toEqual([]);
  });

  it('serves a lone order by id from the primary key', () => {
    expect(chooseIndexes('t', [], [], [need([], [['id', true]])], new Set(['id']))).toEqual([]);
  });
});

describe('deriveTables', () => {
  it('gives the helpdesk’s tickets the indexes of its lists, count and scheduler', () => {
    const tickets = deriveTables(helpdesk).tables.find((t) => t.name === 'tickets')!;
    expect(tickets.indexes.map((i) => i.name)).toEqual([
      'tickets_product_idx',
      'tickets_assignee_idx',
      'tickets_createdBy_idx',
      'ix_tickets__customer_createdAt_id',
      'ix_tickets__createdAt_id',
      // The scheduler's search for tickets due to escalate (open) or to expire (resolved).
      'ix_tickets__status_id',
    ]);
  });
});

describe('the indexes of list calls with a where', () => {
  const model = () =>
    parsed(
      specText('Notes', {
        3: `
### Note

| Field  | Type              | Required | Default   | Rules     |
| ------ | ----------------- | -------- | --------- | --------- |
| colour | one of red, green | yes      | red       |           |
| owner  | → User            | yes      | \`user.id\` | read-only |
`,
        7: `
| Method | Path           | Operation | Payload | Response |
| ------ | -------------- | --------- | ------- | -------- |
| GET    | /api/notes     | list Note | | Note[] |
| GET    | /api/reds      | list Note where \`record.colour == "red"\` | | Note[] |
| GET    | /api/mine      | list Note where \`record.owner == user.id && record.colour == "green"\` | | Note[] |
`,
      }),
    );
  const indexes = () =>
    deriveTables(model())
      .tables.find((t) => t.name === 'notes')!
      .indexes.map((i) => i.name);

  it('pin the fields the where holds equal, as a screen’s filter does', () => {
    expect(indexes()).toEqual(
      expect.arrayContaining([
        'ix_notes__colour_createdAt_id',
        'ix_notes__owner_colour_createdAt_id',
        'ix_notes__createdAt_id',
      ]),
    );
  });
});
