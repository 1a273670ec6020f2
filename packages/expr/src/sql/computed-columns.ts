import type { AppModel } from '@specrun/model';
import type { RawBuilder } from 'kysely';
import { analyseExpression } from '../analysis/analyse-expression.js';
import type { ExprScope } from '../scope.js';
import { compileValueToSql } from './compile-value.js';
import type { SqlColumn, SqlMapping } from './mapping.js';
import { NotCompilable } from './not-compilable.js';
import { bindContext, type SqlParams } from './params.js';
import type { Frag } from './sql-value.js';

/** The scope of a computed value: the record, and the reader as `user`. */
export function computedScope(entity: string): ExprScope {
  return { entity, hasUser: true };
}

function computedFields(model: AppModel) {
  const out: { entity: string; field: string; source: string }[] = [];
  for (const entity of model.entities)
    for (const field of entity.fields)
      for (const rule of field.rules)
        if (rule.kind === 'computed')
          out.push({ entity: entity.name, field: field.name, source: rule.expression.source });
  return out;
}

/**
 * The computed fields the database works out, as `Entity.field`: those that count records,
 * follow a reference (or read the records of a list), depend on the reader (`user`), or read
 * another such field of the record.
 * The others read the record's own stored fields only, and are worked out in JavaScript.
 */
export function computedNeedingDatabase(model: AppModel): ReadonlySet<string> {
  const facts = computedFields(model).map((c) => {
    const analysis = analyseExpression(c.source, model, computedScope(c.entity));
    // A field read from an item of a list of references (`t.name` in `record.tags.exists(t, …)`)
    // is another record's, as one read through a reference is.
    const items = analysis.reads.some((r) => r.entity !== undefined && r.root === undefined);
    const direct =
      analysis.counts.length > 0 || analysis.names.has('user') || analysis.depth > 1 || items;
    const own = analysis.reads.filter((r) => r.root === 'record' && r.depth === 1);
    return { key: `${c.entity}.${c.field}`, entity: c.entity, direct, own };
  });
  const found = new Set(facts.filter((f) => f.direct).map((f) => f.key));
  for (let grown = true; grown;) {
    grown = false;
    for (const f of facts)
      if (!found.has(f.key) && f.own.some((r) => found.has(`${f.entity}.${r.field}`))) {
        found.add(f.key);
        grown = true;
      }
  }
  return found;
}

/**
 * The mapping with the computed fields the database works out read as their expressions, so
 * that every compiled condition (filters, section 6, rules over rows), every list and every read
 * gets their values from the one statement it runs. Each is compiled on first use per alias; a
 * value that cannot run in the database throws NotCompilable where it is read.
 *
 * Those that must run there (computedNeedingDatabase) are joined by every other computed value that
 * compiles: a value is then never a stored copy that a change of the specification, the clock
 * (`today()`) or another computed value it reads would leave stale. The few that do not compile
 * (a date against an instant outside UTC, on SQLite) are worked out in JavaScript and stored.
 * The mapping's `computedInDatabase` names the fields it so reads.
 */
export function withComputedColumns(base: SqlMapping, model: AppModel): SqlMapping {
  const needed = computedNeedingDatabase(model);
  const fields = computedFields(model);
  const sources = new Map(fields.map((c) => [`${c.entity}.${c.field}`, c]));
  const inDatabase = new Set(sources.keys());
  const mapping = substituted(base, model, sources, inDatabase);
  // A value that does not compile is read from its column; one that read it may now compile.
  for (let shrunk = true; shrunk;) {
    shrunk = false;
    for (const key of [...inDatabase]) {
      if (needed.has(key) || compiles(mapping, key)) continue;
      inDatabase.delete(key);
      shrunk = true;
    }
  }
  return { ...mapping, computedInDatabase: inDatabase };
}

/** Whether a computed column's value compiles for a row. */
function compiles(mapping: SqlMapping, key: string): boolean {
  const [entity, field] = key.split('.') as [string, string];
  try {
    mapping.column(entity, field)?.computed?.('sr_probe');
    return true;
  } catch (error) {
    if (error instanceof NotCompilable) return false;
    throw error;
  }
}

function substituted(
  base: SqlMapping,
  model: AppModel,
  sources: ReadonlyMap<string, { entity: string; field: string; source: string }>,
  inDatabase: ReadonlySet<string>,
): SqlMapping {
  const compiled = new Map<string, Frag>();
  const underWay = new Set<string>();
  const mapping: SqlMapping = {
    ...base,
    column(entity, field) {
      const column = base.column(entity, field);
      const key = `${entity}.${field}`;
      if (!column || !inDatabase.has(key)) return column;
      const { source } = sources.get(key)!;
      const compile = (row: string): Frag => {
        const at = `${key}@${row}`;
        const done = compiled.get(at);
        if (done) return done;
        if (underWay.has(key)) throw new NotCompilable(`${key} is computed from itself.`, 0);
        underWay.add(key);
        try {
          const aliasPrefix = row === 'params' ? `${field}_` : `${row}_`;
          const options = { column, row, aliasPrefix };
          const result = compileValueToSql(source, model, computedScope(entity), mapping, options);
          if (!result.ok) {
            const why = result.issues[0]?.message ?? 'it does not check';
            throw new NotCompilable(
              `The computed value ${key} cannot run in the database: ${why}`,
              0,
            );
          }
          compiled.set(at, result.bind);
          return result.bind;
        } finally {
          underWay.delete(key);
        }
      };
      return { ...column, computed: compile, computedOnRecord: () => compile('params') };
    },
  };
  return mapping;
}

/** A computed column's value for the row under `row`, bound to one request's values. */
export function computedColumnSql(
  column: SqlColumn,
  row: string,
  params: SqlParams,
  timeZone?: string,
): RawBuilder<unknown> | undefined {
  return column.computed?.(row)(bindContext(params, timeZone));
}
