import { describe, expect, it } from 'vitest';
import {
  at,
  expectClean,
  expectDiagnostic,
  expectNoDiagnostic,
  parse,
  spec,
} from '../../test-support.js';

const HEAD = '| Field | Type | Required | Default | Rules |\n|---|---|---|---|---|';
const entity = (name: string, rows: string, prose = ''): string =>
  `### ${name}\n\n${prose}\n\n${HEAD}\n${rows}`;
const one = (rows: string, more: Partial<Record<number, string>> = {}): string =>
  spec({ 3: entity('Ticket', rows), ...more });
const fieldOf = (md: string, name: string, entityName = 'Ticket') =>
  parse(md)
    .model.entities.find((e) => e.name === entityName)
    ?.fields.find((f) => f.name === name);

describe('readEntities', () => {
  it('reads an entity with its description, plural and built-in fields', () => {
    const md = spec({ 3: entity('Ticket', '| title | text | yes | | |', 'A request for help.') });
    const model = expectClean(md);
    const ticket = model.entities.find((e) => e.name === 'Ticket')!;
    expect(ticket).toMatchObject({
      plural: 'tickets',
      description: 'A request for help.',
      builtin: false,
      line: at(md, '### Ticket').line,
    });
    expect(ticket.fields.map((f) => f.name)).toEqual([
      'id',
      'title',
      'createdAt',
      'updatedAt',
      'createdBy',
      'version',
    ]);
    expect(ticket.fields.find((f) => f.name === 'createdBy')).toMatchObject({
      builtin: true,
      type: { kind: 'reference', entity: 'User' },
    });
    expect(ticket.fields.find((f) => f.name === 'version')?.type).toEqual({ kind: 'integer' });
  });

  it('always has the built-in User', () => {
    const user = expectClean(spec({})).entities.find((e) => e.name === 'User')!;
    expect(user.builtin).toBe(true);
    expect(user.fields.map((f) => f.name)).toEqual([
      'id',
      'email',
      'name',
      'roles',
      'createdAt',
      'updatedAt',
      'createdBy',
      'version',
    ]);
  });

  it('adds the fields of a declared User to the built-in one', () => {
    const user = expectClean(
      spec({ 3: entity('User', '| iban | text | no | | |') }),
    ).entities.filter((e) => e.name === 'User');
    expect(user).toHaveLength(1);
    expect(user[0]!.fields.map((f) => f.name)).toEqual([
      'id',
      'email',
      'name',
      'roles',
      'iban',
      'createdAt',
      'updatedAt',
      'createdBy',
      'version',
    ]);
  });

  it.each([
    ['Category', 'categories'],
    ['Ticket', 'tickets'],
    ['Address', 'addresses'],
    ['LineItem', 'line-items'],
    ['Box', 'boxes'],
    ['Person', 'people'],
  ])('gives %s the plural %s', (name, plural) => {
    const model = parse(spec({ 3: entity(name, '| title | text | yes | | |') })).model;
    expect(model.entities.find((e) => e.name === name)?.plural).toBe(plural);
  });

  it.each([
    ['text', { kind: 'text' }],
    ['long text', { kind: 'longText' }],
    ['integer', { kind: 'integer' }],
    ['decimal', { kind: 'decimal' }],
    ['money', { kind: 'money' }],
    ['money USD', { kind: 'money', currency: 'USD' }],
    ['boolean', { kind: 'boolean' }],
    ['date', { kind: 'date' }],
    ['datetime', { kind: 'datetime' }],
    ['email', { kind: 'email' }],
    ['url', { kind: 'url' }],
    ['file', { kind: 'file' }],
    ['one of low, normal, high', { kind: 'enum', values: ['low', 'normal', 'high'] }],
    ['→ User', { kind: 'reference', entity: 'User' }],
    ['-> User', { kind: 'reference', entity: 'User' }],
    ['list of User', { kind: 'list', entity: 'User' }],
  ])('reads the type %s', (written, type) => {
    expect(fieldOf(one(`| thing | ${written} | no | | |`), 'thing')?.type).toEqual(type);
  });

  it('reads Required as yes, no or blank', () => {
    const md = one('| a | text | yes | | |\n| b | text | no | | |\n| c | text | | | |');
    expect([
      fieldOf(md, 'a')?.required,
      fieldOf(md, 'b')?.required,
      fieldOf(md, 'c')?.required,
    ]).toEqual([true, false, false]);
  });

  it('never makes a state field required', () => {
    const md = spec({
      3: entity('Ticket', '| status | state | yes | | see section 4 |'),
      4: '### Ticket\n\n- States: open\n- Initial: open\n\n| From | Action | To |\n|---|---|---|\n| open | touch | open |',
    });
    expect(fieldOf(md, 'status')).toMatchObject({
      required: false,
      rules: [],
      description: 'see section 4',
    });
  });

  it.each([
    ['text', 'unique', [{ kind: 'unique' }]],
    ['text', '3..120 chars', [{ kind: 'length', min: 3, max: 120 }]],
    ['text', 'at least 3 chars', [{ kind: 'length', min: 3 }]],
    ['long text', 'at most 10000 chars', [{ kind: 'length', max: 10000 }]],
    ['list of User', 'at most 10', [{ kind: 'items', max: 10 }]],
    ['integer', 'at least 1', [{ kind: 'min', value: 1 }]],
    [
      'integer',
      '1..5',
      [
        { kind: 'min', value: 1 },
        { kind: 'max', value: 5 },
      ],
    ],
    ['money', 'min 0.01', [{ kind: 'min', value: 0.01 }]],
    ['decimal', 'max 99.5', [{ kind: 'max', value: 99.5 }]],
    ['text', 'pattern `^[A-Z]{3}$`', [{ kind: 'pattern', regex: '^[A-Z]{3}$' }]],
    [
      'text',
      '``pattern `^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$` ``',
      [{ kind: 'pattern', regex: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$' }],
    ],
    ['text', 'read-only', [{ kind: 'readOnly' }]],
    ['date', 'after today', [{ kind: 'afterToday' }]],
    ['text', '2..60 chars, unique', [{ kind: 'length', min: 2, max: 60 }, { kind: 'unique' }]],
    [
      'text',
      'pattern `^(a,b)$`, unique',
      [{ kind: 'pattern', regex: '^(a,b)$' }, { kind: 'unique' }],
    ],
  ])('reads on a %s the rules %s', (type, rules, expected) => {
    const md = one(`| thing | ${type} | no | | ${rules} |`);
    expect(fieldOf(md, 'thing')?.rules).toEqual(expected);
    expectClean(md);
  });

  it('reads a computed rule with its expression position', () => {
    const md = one(
      '| price | integer | no | | |\n| total | integer | no | | computed `record.price * 2`, read-only |',
    );
    const rules = fieldOf(md, 'total')?.rules;
    expect(rules).toEqual([
      { kind: 'computed', expression: { source: 'record.price * 2', ...at(md, 'record.price') } },
      { kind: 'readOnly' },
    ]);
  });

  it.each([
    ['integer', '3', 3],
    ['decimal', '2.50', '2.50'],
    ['money', '12.50', '12.50'],
    ['boolean', 'true', true],
    ['boolean', 'no', false],
    ['one of low, normal, high', 'normal', 'normal'],
    ['text', '"hello"', 'hello'],
    ['date', '2025-01-31', '2025-01-31'],
  ])('reads a literal default of a %s', (type, written, value) => {
    expect(fieldOf(one(`| thing | ${type} | no | ${written} | |`), 'thing')?.default).toEqual({
      kind: 'literal',
      value,
    });
  });

  it('reads an expression default', () => {
    const md = one('| customer | → User | yes | `user.id` | read-only |');
    expect(fieldOf(md, 'customer')?.default).toEqual({
      kind: 'expression',
      expression: { source: 'user.id', ...at(md, 'user.id') },
    });
  });
});

describe('readEntities diagnostics', () => {
  it('errors on an unknown type with a hint', () => {
    const md = one('| count | integr | yes | | |');
    expect(expectDiagnostic(md, 'unknown-type', at(md, 'integr')).hint).toContain('integer');
  });

  it('errors on a bad currency', () => {
    const md = one('| price | money usd | yes | | |');
    expectDiagnostic(md, 'bad-currency', at(md, 'usd'));
  });

  it('errors on an unknown rule', () => {
    const md = one('| title | text | yes | | 3..10 chars, uniq |');
    expectDiagnostic(md, 'unknown-rule', at(md, 'uniq |'));
  });

  it('errors on chars on an integer', () => {
    const md = one('| count | integer | yes | | 3..10 chars |');
    expectDiagnostic(md, 'rule-type-mismatch', at(md, '3..10'));
  });

  it.each(['min 3', 'pattern `^a$`', 'after today'])('errors on %s on a boolean', (rule) => {
    const md = one(`| flag | boolean | yes | | ${rule} |`);
    expectDiagnostic(md, 'rule-type-mismatch', at(md, rule));
  });

  it('errors on unique on a file and computed on a list', () => {
    const md = one(
      '| scan | file | no | | unique |\n| tags | list of User | no | | computed `[]` |',
    );
    expectDiagnostic(md, 'rule-type-mismatch', at(md, 'unique |'));
    expectDiagnostic(md, 'rule-type-mismatch', at(md, 'computed `[]`'));
  });

  it('errors on reversed bounds and bad patterns', () => {
    const md = one('| a | text | yes | | 10..3 chars |\n| b | text | yes | | pattern `(` |');
    expectDiagnostic(md, 'bad-rule', at(md, '10..3'));
    expectDiagnostic(md, 'bad-rule', at(md, 'pattern `('));
  });

  it('errors on patterns the linear-time engine cannot run, at what it cannot', () => {
    const md = one(
      '| a | text | yes | | pattern `^(x+)\\1$` |\n| b | text | yes | | ``pattern `^(?!admin).*$` `` |',
    );
    expectDiagnostic(md, 'invalid-pattern', at(md, '\\1$'));
    expectDiagnostic(md, 'invalid-pattern', at(md, '(?!admin)'));
  });

  it.each([
    ['integer', 'many'],
    ['boolean', 'maybe'],
    ['one of low, high', 'medium'],
    ['date', 'tomorrow'],
    ['→ User', 'me'],
  ])('errors on a %s default that does not fit', (type, value) => {
    const md = one(`| thing | ${type} | no | ${value} | |`);
    expectDiagnostic(md, 'bad-default', at(md, `${value} |`));
  });

  it('errors on a default for a state', () => {
    const md = one('| status | state | | open | |');
    expectDiagnostic(md, 'bad-default', at(md, 'open |'));
  });

  it('errors on a bad Required', () => {
    const md = one('| title | text | maybe | | |');
    expectDiagnostic(md, 'bad-required', at(md, 'maybe'));
  });

  it('errors on a duplicate entity at the second heading', () => {
    const md = spec({
      3: `${entity('Ticket', '| a | text | | | |')}\n\n${entity('Ticket', '| b | text | | | |')}`,
    });
    expectDiagnostic(md, 'duplicate-entity', at(md, '### Ticket', 1));
  });

  it('errors on a duplicate field', () => {
    const md = one('| title | text | | | |\n| title | long text | | | |');
    expectDiagnostic(md, 'duplicate-field', at(md, 'title', 1));
  });

  it.each(['createdAt', 'id', 'version'])(
    'errors on a field that redefines the built-in %s',
    (name) => {
      const md = one(`| ${name} | text | | | |`);
      expectDiagnostic(md, 'redefines-builtin', { line: at(md, `| ${name}`).line, column: 3 });
    },
  );

  it('errors on a field named actions, which every answered record uses', () => {
    const md = one('| actions | text | | | |');
    expectDiagnostic(md, 'reserved-field-name', { line: at(md, '| actions').line, column: 3 });
  });

  it("errors on a User field that redefines the User's email", () => {
    const md = spec({ 3: entity('User', '| email | text | | | |') });
    expectDiagnostic(md, 'redefines-builtin', { line: at(md, '| email').line, column: 3 });
  });

  it('warns on entity and field names not in their style', () => {
    const md = spec({ 3: entity('line item', '| Due_Date | date | | | |') });
    expect(expectDiagnostic(md, 'entity-name-style', at(md, '### line item')).hint).toContain(
      'LineItem',
    );
    expect(expectDiagnostic(md, 'field-name-style', at(md, 'Due_Date')).hint).toContain('dueDate');
  });

  it('errors on a reference to an unknown entity with a hint', () => {
    const md = spec({
      3: `${entity('Product', '| name | text | | | |')}\n\n${entity('Ticket', '| product | → Produt | | | |\n| tags | list of Tag | | | |')}`,
    });
    expect(expectDiagnostic(md, 'unknown-entity', at(md, 'Produt')).hint).toContain('Product');
    expectDiagnostic(md, 'unknown-entity', at(md, 'Tag |'));
  });

  it('warns on a state field of an entity without a lifecycle', () => {
    const md = one('| status | state | | | |');
    expectDiagnostic(md, 'state-without-lifecycle', at(md, 'state |'));
  });

  it('errors on a second state field', () => {
    const md = one('| status | state | | | |\n| phase | state | | | |');
    expectDiagnostic(md, 'duplicate-state-field', at(md, 'phase'));
  });

  it('warns on an entity without a table, and a table without an entity', () => {
    const md = spec({
      3: `| Field | Type |\n|---|---|\n| a | text |\n\n### Ticket\n\nJust prose.`,
    });
    expectDiagnostic(md, 'orphan-table', at(md, '| Field'));
    expectDiagnostic(md, 'missing-table', at(md, '### Ticket'));
  });

  it('errors on an empty field name', () => {
    const md = one('|  | text | | | |');
    expectDiagnostic(md, 'empty-cell', { line: at(md, '|  | text').line, column: 2 });
  });

  it('keeps a "see section 4" note as the field description, with no diagnostic', () => {
    expectNoDiagnostic(one('| title | text | | | see section 5 |'), 'unknown-rule');
  });
});
