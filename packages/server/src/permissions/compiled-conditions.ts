import {
  analyseExpression,
  compileToJs,
  compileToSql,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { knownPart } from '../expressions/known-part.js';

/** A section 6 condition compiled once for one entity; each form binds a request's values. */
export interface CompiledCondition {
  source: string;
  /** On a record given as parameters: one being created or updated, or one already read. */
  onValues(params: SqlParams): RawBuilder<SqlBool>;
  /** On the rows of the entity's table, selected without an alias (lists, counts, batches). */
  onRows(params: SqlParams): RawBuilder<SqlBool>;
  /**
   * On a record given as values, in JavaScript, with the same answers as `onValues`: present
   * when the condition reads nothing but the record's own fields, the user, constants and the
   * clock, so that a decision on a record already loaded costs no query.
   */
  local?: (params: SqlParams) => boolean;
  /**
   * Whether its SQL reads the clock: `now`, `today()`, or a computed field (which may). One that
   * does not is, on the rows, a function of the user alone: its statement can be kept per user.
   */
  readsClock: boolean;
}

type Compiled = (params: SqlParams) => RawBuilder<SqlBool>;

/** Where a condition comes from: named in start-up errors; `*` rows meet every entity. */
export interface ConditionSite {
  where: string;
  everyEntity?: boolean;
}

/**
 * Compiles the conditions of section 6, each once per entity, in both forms. Every condition
 * must run in the database, so that lists are filtered there and count() and references are
 * read in the operation's transaction; one that cannot is a start-up error, never a guess.
 */
export class ConditionCompiler {
  private readonly compiled = new Map<string, CompiledCondition | null>();
  private readonly partials = new Map<string, CompiledCondition | 'always'>();

  constructor(
    private readonly model: AppModel,
    private readonly mapping: SqlMapping,
  ) {}

  /**
   * The condition `source` on records of `entity`. A `*` row's condition that names what this
   * entity does not have cannot be evaluated on its records, so it never holds there: null.
   */
  condition(source: string, entity: string, site: ConditionSite): CompiledCondition | null {
    const key = `${entity}\n${source}`;
    const known = this.compiled.get(key);
    if (known !== undefined) return known;
    const table = this.mapping.table(entity);
    if (table === undefined) throw new Error(`${site.where}: ${entity} has no table.`);
    const onValues = this.compile(source, entity, 'params', site);
    const onRows = this.compile(source, entity, { row: table }, site);
    let condition: CompiledCondition | null = null;
    if (onValues && onRows) {
      condition = { source, onValues, onRows, readsClock: this.readsClock(source, entity) };
      const local = compileToJs(source, this.model, { entity });
      if (local.ok) condition.local = local.holds;
    }
    this.compiled.set(key, condition);
    return condition;
  }

  /**
   * The part of the condition `source` on `entity` that reads only the `known` fields of the
   * record (see knownPart), compiled as `condition` is; `always` when no part of it can be judged
   * on them (or, unlikely, it does not compile alone), so that it is taken to hold. Compiled once
   * per condition and set of fields.
   */
  partial(
    source: string,
    entity: string,
    known: ReadonlySet<string>,
    site: ConditionSite,
  ): CompiledCondition | 'always' {
    const key = `${[...known].sort().join(',')}\n${entity}\n${source}`;
    const found = this.partials.get(key);
    if (found !== undefined) return found;
    const part = knownPart(source, this.model, { entity }, known);
    let compiled: CompiledCondition | 'always' = 'always';
    try {
      // A part of a condition that compiles compiles too; one that did not is not judged.
      if (part.kind === 'part')
        compiled = this.condition(part.source, entity, { ...site, everyEntity: true }) ?? 'always';
    } catch {
      compiled = 'always';
    }
    this.partials.set(key, compiled);
    return compiled;
  }

  private readsClock(source: string, entity: string): boolean {
    const analysis = analyseExpression(source, this.model, { entity });
    // A field read without a known entity (a count's variable) is taken to be computed.
    const mayBeComputed = (name: string | undefined, fieldName: string) => {
      const field = this.model.entities
        .find((e) => e.name === name)
        ?.fields.find((f) => f.name === fieldName);
      return !field || field.rules.some((r) => r.kind === 'computed');
    };
    return (
      analysis.names.has('now') ||
      analysis.functions.has('today') ||
      analysis.reads.some((r) => mayBeComputed(r.entity, r.field))
    );
  }

  private compile(
    source: string,
    entity: string,
    record: 'params' | { row: string },
    site: ConditionSite,
  ): Compiled | null {
    const result = compileToSql(source, this.model, { entity }, this.mapping, { record });
    if (result.ok) return result.sql;
    const typeIssue = result.issues.find((i) => i.code !== 'not-compilable');
    if (typeIssue && site.everyEntity) return null;
    const reason = (typeIssue ?? result.issues[0])?.message ?? 'it does not compile';
    throw new Error(
      `${site.where}: the condition \`${source}\` on ${entity} cannot run in the database: ${reason}`,
    );
  }
}
