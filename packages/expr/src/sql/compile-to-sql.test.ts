import { describe, expect, it } from 'vitest';
import { at } from '../test-support/expect-issue.js';
import { expenses, helpdesk } from '../test-support/example-models.js';
import { compileToSql } from './compile-to-sql.js';
import type { SqlDialect } from './mapping.js';
import type { SqlParams } from './params.js';
import { sqlText, testMapping } from './test-mapping.js';

const now = new Date('2024-05-10T12:00:00Z');
const user = { id: 'u1', roles: ['manager'], manager: 'm1' };

function compiled(
  source: string,
  dialect: SqlDialect = 'sqlite',
  model = expenses,
  params: SqlParams = { user, now },
) {
  const entity = model === expenses ? 'Claim' : 'Ticket';
  const result = compileToSql(source, model, { entity }, testMapping(model, dialect));
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return sqlText(result.sql(params), dialect);
}

function issueOf(source: string, model = expenses, scope = { entity: 'Claim' }) {
  const result = compileToSql(source, model, scope, testMapping(model, 'sqlite'));
  expect(result.ok).toBe(false);
  return result.ok ? undefined : result.issues[0];
}

describe('compileToSql', () => {
  it('compares nullable columns null-safely: IS on SQLite, an index-friendly form on PostgreSQL', () => {
    expect(compiled('record.approver == user.id').sql).toContain('"record"."approver" IS ?');
    expect(compiled('record.approver == user.id', 'postgres').sql).toContain(
      '("record"."approver" = CAST($1 AS text) AND "record"."approver" IS NOT NULL AND CAST($2 AS text) IS NOT NULL)',
    );
    expect(compiled('record.approver != null').sql).toBe('("record"."approver" IS NOT NULL)');
  });

  it('writes no guard for reading `user` when a user is signed in, so indexes apply', () => {
    expect(compiled('record.approver == user.id').sql).toBe('("record"."approver" IS ?)');
    const anonymous = compiled('record.approver == user.id', 'sqlite', expenses, { now });
    expect(anonymous.sql).toMatch(/^\(CASE WHEN \(\? = 1\) THEN NULL ELSE/);
    expect(anonymous.parameters[0]).toBe(1);
  });

  it('compares required columns with plain operators, so indexes apply', () => {
    expect(compiled('record.title == "draft"').sql).toBe('("record"."title" = ?)');
  });

  it('binds every value as a parameter, never in the SQL text', () => {
    const { sql, parameters } = compiled(
      'record.title == "x\' OR 1=1 --" && record.title.contains("50%")',
    );
    expect(sql).not.toContain('OR 1=1');
    expect(sql).not.toContain('50%');
    expect(parameters).toEqual(["x' OR 1=1 --", '50%']);
  });

  it('reads through references with correlated subqueries on primary keys', () => {
    expect(compiled('record.claimant.manager == user.id').sql).toContain(
      '(SELECT "sr_1"."manager" FROM "users" AS "sr_1" WHERE "sr_1"."id" = "record"."claimant")',
    );
  });

  it('converts money constants to minor units of the column', () => {
    const { sql, parameters } = compiled('record.amount <= MAX_CLAIM');
    expect(sql).toBe('("record"."amount" <= ?)');
    expect(parameters).toEqual([2500n]);
    expect(compiled('record.amount > 0.015').parameters).toEqual([15n]);
    expect(compiled('record.amount > 0.015').sql).toContain('"record"."amount" * 10');
  });

  it('binds now and today() per call, with today in the application`s time zone', () => {
    const source = 'record.spentOn <= today()';
    expect(compiled(source).parameters).toEqual(['2024-05-10']);
    const late = { user, now: new Date('2024-05-10T23:30:00Z') };
    const tokyo = { ...expenses, properties: { ...expenses.properties, timeZone: 'Asia/Tokyo' } };
    const result = compileToSql(source, tokyo, { entity: 'Claim' }, testMapping(tokyo, 'sqlite'));
    expect(result.ok && sqlText(result.sql(late), 'sqlite').parameters).toEqual(['2024-05-11']);
  });

  it('compiles count() into a correlated COUNT(*) subquery', () => {
    const rule =
      'count(Ticket, t, t.status != "closed" && t.customer == record.customer) < MAX_OPEN_TICKETS';
    const { sql } = compiled(rule, 'postgres', helpdesk);
    expect(sql).toContain('(SELECT COUNT(*) FROM "tickets" AS "sr_1" WHERE');
    expect(sql).toContain('"sr_1"."customer" = "record"."customer"');
  });

  it('reports what cannot run in the database as not-compilable, at its offset', () => {
    const source = 'record.title.matches("^T") && record.amount > MAX_CLAIM';
    expect(issueOf(source)).toMatchObject({
      code: 'not-compilable',
      offset: at(source, 'matches'),
    });
    const division = 'record.amount.size() > 0 || 10 / 0 == 1';
    expect(issueOf(division)?.code).toBe('type-mismatch');
    expect(issueOf('size(record.title) / 0 == 1')).toMatchObject({ code: 'not-compilable' });
    expect(issueOf('record.claimant in ["u1"]')).toMatchObject({
      code: 'not-compilable',
      offset: at('record.claimant in ["u1"]', 'in'),
    });
    expect(
      issueOf('input.x < 1', expenses, { entity: 'Claim', hasInput: true } as never)?.code,
    ).toBe('not-compilable');
  });

  it('refuses a tz-dependent date comparison on SQLite outside UTC but compiles it on PostgreSQL', () => {
    const paris = { ...expenses, properties: { ...expenses.properties, timeZone: 'Europe/Paris' } };
    const source = 'record.spentOn < record.createdAt';
    const lite = compileToSql(source, paris, { entity: 'Claim' }, testMapping(paris, 'sqlite'));
    expect(lite.ok).toBe(false);
    const pg = compileToSql(source, paris, { entity: 'Claim' }, testMapping(paris, 'postgres'));
    expect(pg.ok && sqlText(pg.sql({ now }), 'postgres').sql).toContain('AT TIME ZONE $1');
  });

  it('passes the checker`s issues through unchanged', () => {
    expect(issueOf('record.titel == "x"')).toMatchObject({ code: 'unknown-field' });
    expect(issueOf('record.title')).toMatchObject({ code: 'not-compilable', offset: 0 });
  });
});

describe('compileToSql with the input bound as parameters', () => {
  const scope = { entity: 'Ticket', hasOld: true, hasInput: true };
  const withInput = (
    source: string,
    input: Record<string, unknown>,
    dialect: SqlDialect = 'sqlite',
  ) => {
    const result = compileToSql(source, helpdesk, scope, testMapping(helpdesk, dialect), {
      record: 'params',
    });
    if (!result.ok) throw new Error(result.issues[0]?.message);
    return sqlText(result.sql({ now, input, record: { id: 't1' } }), dialect);
  };
  const refused = (source: string) => {
    const result = compileToSql(source, helpdesk, scope, testMapping(helpdesk, 'sqlite'));
    return result.ok ? undefined : result.issues[0];
  };

  it('compares an input value inside count() as a parameter of the type it meets', () => {
    const source = 'count(User, u, u.id == input.contractor) == 1';
    const { sql, parameters } = withInput(source, { contractor: 'u7' });
    expect(sql).toContain('"sr_1"."id" = ?');
    expect(parameters).toContain('u7');
    expect(withInput(source, { contractor: 'u7' }, 'postgres').sql).toContain('CAST($2 AS text)');
  });

  it('answers a value of another type as unequal, and null as a test for null', () => {
    const source = 'count(Ticket, t, t.assignee == input.who) > 0';
    expect(withInput(source, { who: 5 }).sql).toContain('ELSE FALSE END');
    expect(withInput(source, { who: null }).sql).toContain('"sr_1"."assignee" IS NULL');
    expect(withInput(source, { who: { id: 'u2' } }).parameters).toContain('u2');
  });

  it('makes a missing input value an error, as evaluate() does', () => {
    const { sql, parameters } = withInput('record.customer == input.who', {});
    expect(sql).toMatch(/^\(CASE WHEN .*\(\? = 1\) THEN NULL/);
    expect(parameters).toContain(1);
  });

  it('refuses every other use of input, at its offset', () => {
    for (const source of [
      'count(Ticket, t, t.title.size() < input.n) > 0',
      'count(Ticket, t, t.resolvedAt == input.at) > 0',
      'input.a == input.b',
      'input.a.b == "x"',
      'input.flag && record.title == ""',
      'size(input.list) > 0',
    ])
      expect(refused(source), source).toMatchObject({ code: 'not-compilable' });
  });
});
