import { describe, expect, it } from 'vitest';
import { expenses } from '../test-support/example-models.js';
import { compileValueToSql, type SqlValueOptions } from './compile-value.js';
import type { SqlDialect } from './mapping.js';
import type { SqlParams } from './params.js';
import { sqlText, testMapping } from './test-mapping.js';

const now = new Date('2024-05-10T12:00:00Z');
const user = { id: 'u1', roles: ['manager'] };

function compiled(source: string, column: SqlValueOptions['column'], dialect: SqlDialect) {
  const mapping = testMapping(expenses, dialect);
  const options = { column, row: 'claims', aliasPrefix: 'claims_' };
  return compileValueToSql(source, expenses, { entity: 'Claim' }, mapping, options);
}

function value(
  source: string,
  column: SqlValueOptions['column'],
  dialect: SqlDialect = 'sqlite',
  params: SqlParams = { user, now },
) {
  const result = compiled(source, column, dialect);
  if (!result.ok) throw new Error(result.issues[0]?.message);
  return sqlText(result.sql(params), dialect);
}

describe('compileValueToSql', () => {
  it('counts with a correlated subquery on the row, its aliases kept apart by the prefix', () => {
    const { sql } = value('count(Claim, c, c.claimant == record.claimant)', { type: 'integer' });
    expect(sql).toContain('"claims"."claimant"');
    expect(sql).toContain('claims_sr_1');
  });

  it('follows a reference, empty when the reference is', () => {
    const { sql } = value('record.approver.email', { type: 'text' });
    expect(sql).toMatch(/^\(CASE WHEN \("claims"\."approver" IS NULL\) THEN NULL ELSE \(SELECT/);
  });

  it('gives money in minor units and instants as the column stores them', () => {
    expect(value('record.amount * 2', { type: 'money', scale: 2 }).sql).toContain(
      '"claims"."amount"',
    );
    expect(value('record.submittedAt', { type: 'datetime' }, 'postgres').sql).toContain(
      'to_timestamp(',
    );
    expect(value('record.submittedAt', { type: 'datetime' }).sql).toContain("printf('.%03dZ'");
  });

  it('is empty for nobody signed in when it reads `user`', () => {
    const anonymous = value('record.claimant == user.id', { type: 'boolean' }, 'sqlite', { now });
    expect(anonymous.sql).toMatch(/^\(CASE WHEN .*THEN NULL ELSE/);
  });

  it('refuses a value its column cannot hold', () => {
    const result = compiled('record.title', { type: 'integer' }, 'sqlite');
    expect(result.ok ? undefined : result.issues[0]?.code).toBe('not-compilable');
  });
});
