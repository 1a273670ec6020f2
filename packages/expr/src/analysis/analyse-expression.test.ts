import { describe, expect, it } from 'vitest';
import type { ExprScope } from '../scope.js';
import { expenses, helpdesk, library } from '../test-support/example-models.js';
import { analyseExpression } from './analyse-expression.js';
import { fieldsReadFrom } from './fields-read-from.js';

const guard = (entity: string): ExprScope => ({ entity, hasOld: true, hasInput: true });
const claim = (source: string) => analyseExpression(source, expenses, guard('Claim'));

describe('analyseExpression', () => {
  it('names the scope it reads, not the variables it binds', () => {
    const analysis = claim(
      'size(input.reason) >= 5 && old.amount <= MAX_CLAIM && [1].all(x, x > 0) && now > record.createdAt',
    );
    expect([...analysis.names].sort()).toEqual(['MAX_CLAIM', 'input', 'now', 'old', 'record']);
    expect(claim('record.claimant == user.id').names).toEqual(new Set(['record', 'user']));
    const counting = analyseExpression(
      'count(Ticket, t, t.customer == user.id) < 5',
      helpdesk,
      guard('Ticket'),
    );
    expect(counting.names).toEqual(new Set(['user']));
  });

  it('lists the fields it reads, by the name each chain starts from, in source order', () => {
    const { reads } = claim('record.claimant.manager == user.id && input.note != ""');
    expect(reads).toEqual([
      { field: 'claimant', entity: 'Claim', root: 'record', depth: 1, offset: 6 },
      {
        field: 'manager',
        entity: 'User',
        root: 'record',
        through: 'Claim.claimant',
        depth: 2,
        offset: 15,
      },
      { field: 'id', entity: 'User', root: 'user', depth: 1, offset: 31 },
      { field: 'note', root: 'input', depth: 1, offset: 43 },
    ]);
  });

  it('answers the fields read straight from one name, each once', () => {
    const analysis = claim(
      'input.note != "" && size(input.reason) > 5 && input.note != record.title && record.claimant.name != user.name',
    );
    expect(fieldsReadFrom(analysis, 'input')).toEqual(['note', 'reason']);
    expect(fieldsReadFrom(analysis, 'record')).toEqual(['title', 'claimant']);
    expect(fieldsReadFrom(analysis, 'user')).toEqual(['name']);
    expect(fieldsReadFrom(analysis, 'old')).toEqual([]);
  });

  it('reads the fields of a variable without a root, and has() as a test of presence', () => {
    const { reads } = analyseExpression(
      'count(Ticket, t, t.product.active) > 0 && has(record.resolvedAt)',
      helpdesk,
      guard('Ticket'),
    );
    expect(reads.map(({ offset: _, ...r }) => r)).toEqual([
      { field: 'product', entity: 'Ticket', depth: 1 },
      { field: 'active', entity: 'Product', through: 'Ticket.product', depth: 2 },
      { field: 'resolvedAt', entity: 'Ticket', root: 'record', depth: 1, presenceOnly: true },
    ]);
  });

  it('answers the references it follows and how deep it reads', () => {
    const deep = analyseExpression(
      'record.amount <= record.loan.book.replacementCost',
      library,
      guard('Fine'),
    );
    expect(deep.follows).toEqual(new Set(['Fine.loan', 'Loan.book']));
    expect(deep.depth).toBe(3);
    // Reading a reference's id, or comparing it, loads nothing more.
    const flat = claim('record.claimant == user.id && record.amount > MAX_CLAIM');
    expect(flat.follows).toEqual(new Set());
    expect(flat.depth).toBe(1);
    expect(claim('MAX_CLAIM > record.amount || true').depth).toBe(1);
    expect(claim('true').depth).toBe(0);
  });

  it('finds the counts, in source order, nested ones included', () => {
    const source =
      'count(Loan, l, l.member == user.id && count(Fine, f, f.loan == l.id) == 0) < MAX_LOANS';
    const { counts } = analyseExpression(source, library, { entity: 'Loan' });
    expect(counts.map((c) => [c.entity, c.variable, c.offset])).toEqual([
      ['Loan', 'l', 0],
      ['Fine', 'f', 38],
    ]);
  });

  it('counts the functions and macros it calls by name, and its size', () => {
    const analysis = claim(
      'record.title.contains("a") && record.title.contains("b") && size(input.x) > 0 && [1].exists(n, n > 0) && has(record.receipt)',
    );
    expect(Object.fromEntries(analysis.functions)).toEqual({
      contains: 2,
      size: 1,
      exists: 1,
      has: 1,
    });
    expect(claim('a').size).toEqual({ nodes: 1, nesting: 1, concatenations: 0 });
    expect(claim('record.amount > MAX_CLAIM').size).toEqual({
      nodes: 4,
      nesting: 3,
      concatenations: 0,
    });
    expect(claim('((((record.title))))').size).toEqual({
      nodes: 2,
      nesting: 2,
      concatenations: 0,
    });
  });

  it('counts string joins, and additions that may be, not other additions', () => {
    const { size } = claim(
      'record.title + "x" + input.reason == "y" && record.amount + record.amount > MAX_CLAIM',
    );
    expect(size.concatenations).toBe(2);
    expect(claim('(record.title + record.title).size() > 0').size.concatenations).toBe(1);
  });

  it('says what each string search looks for is made of, in source order', () => {
    const searches = claim(
      'record.title.contains("a") && record.title.startsWith(user.name) && ' +
        'record.title.endsWith(record.title) && record.title.contains(record.title + "x") && ' +
        'matches(record.title, "^a") && [record.title].exists(t, record.title.contains(t))',
    ).searches;
    expect(searches.map((s) => [s.function, s.argument])).toEqual([
      ['contains', 'given'],
      ['startsWith', 'given'],
      ['endsWith', 'read'],
      ['contains', 'computed'],
      ['matches', 'given'],
      ['contains', 'read'],
    ]);
    expect(searches.map((s) => s.offset)).toEqual(
      [...searches.map((s) => s.offset)].sort((a, b) => a - b),
    );
  });

  it('splits the conjuncts it is made of, with their offsets', () => {
    expect(claim('record.amount > MAX_CLAIM && size(input.reason) >= 5').conjuncts).toEqual([
      { source: 'record.amount > MAX_CLAIM', offset: 0 },
      { source: 'size(input.reason) >= 5', offset: 29 },
    ]);
  });

  it('reports the issues of checking it and reads what parsed', () => {
    const wrong = claim('record.nope == input.x');
    expect(wrong.issues.map((i) => i.code)).toEqual(['unknown-field']);
    expect(wrong.reads.map((r) => r.field)).toEqual(['nope', 'x']);
    const broken = claim('record.title == && input.x');
    expect(broken.issues.map((i) => i.code)).toEqual(['expression-syntax']);
    expect(broken.reads).toEqual([]);
    expect(broken.conjuncts.map((c) => c.source)).toEqual(['record.title ==', 'input.x']);
    expect(claim('').issues.map((i) => i.code)).toEqual(['expression-syntax']);
  });

  it('answers the same question once per model and scope', () => {
    const source = 'record.claimant == user.id';
    expect(claim(source)).toBe(claim(source));
    expect(analyseExpression(source, expenses, { entity: 'Claim' })).not.toBe(claim(source));
  });
});
