import { describe, expect, it, vi } from 'vitest';
import { evaluate, ExprEvaluationError } from './evaluate.js';
import { expenses, helpdesk } from './test-support/example-models.js';
import { appModel, entity, field } from './test-support/model-builder.js';

const now = new Date('2024-05-10T12:00:00Z');
const manager = { id: 'm1', email: 'm@example.com', name: 'Mia', roles: ['manager'] };
const claim = (fields: Record<string, unknown> = {}) => ({
  id: 'c1',
  title: 'Taxi',
  amount: '30.10',
  spentOn: '2024-05-01',
  claimant: { id: 'u2', manager: 'm1', iban: null },
  status: 'submitted',
  createdAt: '2024-05-02T09:00:00Z',
  receipt: null,
  ...fields,
});
const onClaim = (source: string, record = claim(), extra: Record<string, unknown> = {}) =>
  evaluate(
    source,
    expenses,
    { now, user: manager, record, ...extra },
    { entity: 'Claim', hasInput: true },
  );

describe('evaluate', () => {
  it('evaluates the guards of the expenses lifecycle', () => {
    expect(onClaim('record.claimant.manager == user.id')).toBe(true);
    expect(onClaim('record.amount <= MAX_CLAIM || record.receipt != null')).toBe(false);
    expect(
      onClaim('record.amount <= MAX_CLAIM || record.receipt != null', claim({ amount: '25.00' })),
    ).toBe(true);
    expect(
      onClaim('size(input.reason) >= 5', claim(), { input: { reason: 'too expensive' } }),
    ).toBe(true);
    expect(onClaim('record.status in ["approved", "paid"]')).toBe(false);
  });

  it('runs matches() on the linear-time engine, whatever pattern the values hold', () => {
    const title = `${'a'.repeat(40)}!`;
    const started = performance.now();
    // A backtracking engine takes hours on this: twice as long for each character.
    expect(
      onClaim('record.title.matches(input.pattern)', claim({ title }), {
        input: { pattern: '^([a-z]+)+$' },
      }),
    ).toBe(false);
    expect(onClaim('matches(record.title, "^[a-z]+!$")', claim({ title }))).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('compares a reference with an id, whether the reference is an id or a loaded record', () => {
    expect(onClaim('record.claimant == "u2"')).toBe(true);
    expect(onClaim('record.claimant == "u2"', claim({ claimant: 'u2' }))).toBe(true);
    expect(onClaim('record.approver == null')).toBe(true);
  });

  it('adds money exactly', () => {
    const record = claim({ amount: '0.10' });
    expect(onClaim('record.amount + record.amount + record.amount', record)).toEqual({
      amount: '0.30',
      currency: 'EUR',
    });
    expect(onClaim('record.amount * 3 == MAX_CLAIM - MAX_CLAIM + record.amount * 3', record)).toBe(
      true,
    );
    // 0.015 is half a cent: half to even gives 0.02 (0.025 would give 0.02 as well).
    expect(onClaim('record.amount * 0.15', record)).toEqual({ amount: '0.02', currency: 'EUR' });
    expect(onClaim('record.amount * 0.25', record)).toEqual({ amount: '0.02', currency: 'EUR' });
    expect(onClaim('record.amount / 4', record)).toEqual({ amount: '0.02', currency: 'EUR' });
    expect(onClaim('record.amount / 3', record)).toEqual({ amount: '0.03', currency: 'EUR' });
    expect(() => onClaim('record.amount / 0', record)).toThrow('division by zero');
    expect(
      onClaim('record.amount >= 0.01', claim({ amount: { amount: '0.01', currency: 'EUR' } })),
    ).toBe(true);
  });

  it('works with durations, in milliseconds', () => {
    expect(onClaim('now - record.createdAt')).toBe((8 * 24 + 3) * 3_600_000);
    expect(onClaim('duration(CLAIM_WINDOW) == duration("90d")')).toBe(true);
    const reopen = 'now - record.resolvedAt < duration(REOPEN_WINDOW)';
    const ticket = (resolvedAt: unknown) =>
      evaluate(reopen, helpdesk, { now, user: null, record: { resolvedAt } }, { entity: 'Ticket' });
    expect(ticket(new Date('2024-05-08T12:00:01Z'))).toBe(true);
    expect(ticket('2024-05-07T11:59:59Z')).toBe(false);
    expect(ticket(null)).toBe(false);
  });

  it('works with dates, today() and dates against timestamps', () => {
    expect(onClaim('today()')).toBe('2024-05-10');
    expect(onClaim('record.spentOn <= today()')).toBe(true);
    expect(onClaim('today() - record.spentOn')).toBe(9 * 86_400_000);
    expect(
      onClaim(
        'today() - record.spentOn <= duration(CLAIM_WINDOW)',
        claim({ spentOn: '2024-01-01' }),
      ),
    ).toBe(false);
    expect(onClaim('record.spentOn < record.createdAt')).toBe(true);
    expect(onClaim('record.spentOn + duration("2d")')).toBe('2024-05-03');
  });

  it('takes today() in the application`s time zone', () => {
    const tokyo = { ...expenses, properties: { ...expenses.properties, timeZone: 'Asia/Tokyo' } };
    const late = new Date('2024-05-10T20:00:00Z');
    expect(evaluate('today()', tokyo, { now: late, user: null }, {})).toBe('2024-05-11');
  });

  it('counts through the caller`s count function, with a predicate over stored records', () => {
    const tickets = [
      { customer: 'u1', status: 'open' },
      { customer: 'u1', status: 'closed' },
      { customer: 'u2', status: 'open' },
      { customer: 'u1', status: 'assigned' },
    ];
    const count = vi.fn(
      (_entity: string, predicate: (r: unknown) => boolean) => tickets.filter(predicate).length,
    );
    const rule =
      'count(Ticket, t, t.customer == user.id && t.status != "closed") < MAX_OPEN_TICKETS';
    const bindings = { now, user: { id: 'u1', roles: [] }, record: {}, count };
    expect(evaluate(rule, helpdesk, bindings, { entity: 'Ticket' })).toBe(true);
    expect(
      evaluate(rule.replace('< MAX_OPEN_TICKETS', '== 2'), helpdesk, bindings, {
        entity: 'Ticket',
      }),
    ).toBe(true);
    expect(count).toHaveBeenCalledWith('Ticket', expect.any(Function));
  });

  it('builds new lists with map and filter, on the server', () => {
    const articles = appModel({
      entities: [
        entity('Tag', 'tags', [
          field('name', { kind: 'text' }, true),
          field('active', { kind: 'boolean' }),
        ]),
        entity('Article', 'articles', [
          field('tags', { kind: 'list', entity: 'Tag' }),
          field('main', { kind: 'reference', entity: 'Tag' }),
        ]),
      ],
    });
    const tags = [
      { id: 't1', name: 'News', active: true },
      { id: 't2', name: 'old', active: false },
      { id: 't3', name: 'Hot', active: true },
    ];
    const lead = { id: 'u1', roles: ['lead', 'staff', 'leader'] };
    const on = (source: string, record: Record<string, unknown>) =>
      evaluate(source, articles, { now, user: lead, record }, { entity: 'Article' });
    const loaded = { tags, main: tags[0] };
    expect(on('record.tags.map(t, t.name)', loaded)).toEqual(['News', 'old', 'Hot']);
    expect(on('size(record.tags.filter(t, t.active))', loaded)).toBe(2);
    expect(on('record.tags.filter(t, t.active).map(t, t.name.upperAscii())', loaded)).toEqual([
      'NEWS',
      'HOT',
    ]);
    // map with a condition keeps only the items it holds for.
    expect(on('record.tags.map(t, !t.active, t.name)', loaded)).toEqual(['old']);
    expect(on('"Hot" in record.tags.map(t, t.name)', loaded)).toBe(true);
    expect(on('record.tags.map(t, t.name)', { tags: [] })).toEqual([]);
    // Stored as ids, the items still compare with a reference.
    expect(
      on('record.tags.filter(t, t != record.main)', { tags: ['t1', 't3'], main: 't1' }),
    ).toEqual(['t3']);
    expect(on('user.roles.filter(r, r.startsWith("lead"))', {})).toEqual(['lead', 'leader']);
    expect(on('user.roles.map(r, size(r))', {})).toEqual([4, 5, 6]);
    expect(on('[1, 2, 3, 4].filter(n, n % 2 == 0).map(n, n * 10)', {})).toEqual([20, 40]);
  });

  it('reads bindings by value when no scope is given', () => {
    expect(evaluate('record.x + 1', helpdesk, { record: { x: 2 } })).toBe(3);
    expect(
      evaluate('record.title.lowerAscii().startsWith("taxi")', helpdesk, {
        record: { title: 'TAXI ride' },
      }),
    ).toBe(true);
  });

  it('throws an ExprEvaluationError with the issues of an expression that does not check', () => {
    const run = () =>
      evaluate('record.titel == "x"', helpdesk, { record: {} }, { entity: 'Ticket' });
    expect(run).toThrow(ExprEvaluationError);
    expect(run).toThrow(/titel/);
  });

  it('throws when count() is used without a count function', () => {
    expect(() => evaluate('count(Ticket, t, true) > 0', helpdesk, { user: null }, {})).toThrow(
      /count/,
    );
  });
});
