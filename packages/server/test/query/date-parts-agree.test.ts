import fc from 'fast-check';
import type { AppModel } from '@specrun/model';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { entity, field, model as modelOf, type } from '../support/model-builder.js';
import { modelSqlMapping } from '../support/model-sql-mapping.js';
import { DIALECTS, useDatabases } from './support/dialects.js';
import { compileToSql, evaluate } from './support/expr.js';
import type { TestDatabase } from './support/test-databases.js';

// date(y, m, d) and timestamp(date, h, m) (docs/spec-language.md) in the database, as evaluate()
// works them out: the same dates, the same instants in the application's time zone, and the
// same parts that make none (February 29th of 2025, month 13, hour 24).
const base = modelOf([
  entity('Slot', [
    field('y', type.integer),
    field('m', type.integer),
    field('d', type.integer),
    field('h', type.integer),
    field('mi', type.integer),
    field('day', type.date),
    field('at', type.datetime),
  ]),
]);
const inZone = (timeZone: string): AppModel => ({
  ...base,
  properties: { ...base.properties, timeZone },
});

const parts = fc.record({
  y: fc.oneof(
    fc.integer({ min: 1890, max: 2110 }),
    fc.constantFrom(0, 1, 9999, 10_000, 2000, 1900),
  ),
  m: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 13, -1, 2)),
  d: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(0, 29, 30, 31, 32)),
  h: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(-1, 24, 2)),
  mi: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constantFrom(-1, 60, 30)),
  day: fc.constantFrom('2025-03-30', '2025-10-26', '2024-02-29', '2025-07-01'),
});
type Parts = { y: number; m: number; d: number; h: number; mi: number; day: string };

/** evaluate()'s answer, or undefined when it cannot evaluate the value. */
function reference(source: string, model: AppModel, record: Record<string, unknown>): unknown {
  try {
    return evaluate(source, model, { record }, { entity: 'Slot' });
  } catch {
    return undefined;
  }
}

/** Whether the database finds the condition true of the record bound as parameters. */
async function holds(target: TestDatabase, model: AppModel, condition: string, record: object) {
  const mapping = modelSqlMapping(model, target.dialect);
  const compiled = compileToSql(condition, model, { entity: 'Slot' }, mapping, {
    record: 'params',
  });
  if (!compiled.ok) throw new Error(`${condition}: ${JSON.stringify(compiled.issues)}`);
  const where = compiled.sql({ record: record as Record<string, unknown> });
  const { rows } = await sql<{
    ok: unknown;
  }>`SELECT CASE WHEN ${where} THEN 1 ELSE 0 END AS ok`.execute(target.db);
  return Number(rows[0]!.ok) === 1;
}

describe.each(DIALECTS)('dates and instants from their parts on %s', (dialect) => {
  const open = useDatabases(dialect);
  let target: TestDatabase;
  beforeAll(async () => {
    target = await open('date_parts');
  });

  it('makes the dates evaluate() makes, and none where it makes none', async () => {
    await fc.assert(
      fc.asyncProperty(parts, async (p: Parts) => {
        const expected = reference('date(record.y, record.m, record.d)', base, p);
        const record = { ...p, day: expected ?? '2000-01-01' };
        const value = 'date(record.y, record.m, record.d)';
        const same = await holds(target, base, `${value} == record.day`, record);
        // No date cannot be evaluated: neither equal nor unequal to anything.
        const other = await holds(target, base, `${value} != record.day`, record);
        expect({ p, same, other }).toEqual({ p, same: expected !== undefined, other: false });
      }),
      { numRuns: 300 },
    );
  });

  const zones = dialect === 'sqlite' ? ['UTC'] : ['UTC', 'Europe/Paris', 'America/New_York'];
  it.each(zones)('places an hour and a minute on the wall clock of %s', async (zone) => {
    const model = inZone(zone);
    await fc.assert(
      fc.asyncProperty(parts, async (p: Parts) => {
        const source = 'timestamp(record.day, record.h, record.mi)';
        const expected = reference(source, model, p) as Date | undefined;
        const record = { ...p, at: (expected ?? new Date(0)).toISOString() };
        const same = await holds(target, model, `${source} == record.at`, record);
        const other = await holds(target, model, `${source} != record.at`, record);
        expect({ p, same, other }).toEqual({ p, same: expected !== undefined, other: false });
      }),
      { numRuns: 200 },
    );
  });
});
