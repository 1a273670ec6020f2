import {
  analyseExpression,
  compileToSql,
  fieldsReadFrom,
  listFilterRefusals,
  type ExpressionAnalysis,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import { engineLimits, type AppModel, type FilterBudget } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { tableOf } from '../store/derive-columns.js';
import { computedCosts, costOfReads, type ComputedCost } from './computed-cost.js';
import { checkFilterBudget, checkFilterText, hasCostlyRows } from './filter-budget.js';

/** A `filter=` condition compiled for one entity's list. */
export interface CompiledFilter {
  /** The fields of `record` it reads: each must be readable by the caller. */
  fields: readonly string[];
  /** The fields of the caller's own `user` it reads: each must be one they may read. */
  userFields: readonly string[];
  /** The refusal of reading `field` of `user`, worded as for a field User does not have. */
  hiddenUserField(field: string): AppError;
  where(params: SqlParams): RawBuilder<SqlBool>;
  /** One row can cost much to test (it joins or searches strings): see filter-budget.ts. */
  costlyRows: boolean;
}

/** The longest filter accepted: a condition a person writes, not a program. */
export const MAX_FILTER_LENGTH = 2000;
// Compiled filters kept for reuse: lists are asked the same filters again and again.
const CACHE_SIZE = 500;

function refused(source: string, offset: number, message: string): AppError {
  return new AppError('BAD_REQUEST', `filter: ${message} (column ${offset + 1} of "${source}").`);
}

/**
 * The fields of `record` a filter reads, refusing what it may not do (listFilterRefusals: no
 * count(), no reference followed past its id). The first refused construct is the one reported.
 */
function recordFields(source: string, analysis: ExpressionAnalysis): string[] {
  const first = listFilterRefusals(analysis)[0];
  if (first) throw refused(source, first.offset, first.message);
  const fields = analysis.reads.filter(
    (r) => r.entity !== undefined && r.depth === 1 && r.root === 'record',
  );
  return [...new Set(fields.map((r) => r.field))];
}

/**
 * Compiles list filters (CEL over `record`) to SQL conditions on the entity's table, with `user`
 * bound per request. Type errors and refused constructs are BAD_REQUEST with the column.
 */
export class FilterCompiler {
  private readonly cache = new Map<string, CompiledFilter>();
  private readonly computedCosts: ReadonlyMap<string, ComputedCost>;

  constructor(
    private readonly model: AppModel,
    private readonly mapping: SqlMapping,
    private readonly budget: FilterBudget = engineLimits(model).filterBudget,
  ) {
    this.computedCosts = computedCosts(model, mapping.computedInDatabase);
  }

  compile(entity: string, source: string): CompiledFilter {
    const key = `${entity}\n${source}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const compiled = this.build(entity, source);
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, compiled);
    return compiled;
  }

  private build(entity: string, source: string): CompiledFilter {
    if (source.trim() === '') throw new AppError('BAD_REQUEST', 'filter: the condition is empty.');
    if (source.length > MAX_FILTER_LENGTH)
      throw new AppError('BAD_REQUEST', `filter: at most ${MAX_FILTER_LENGTH} characters.`);
    checkFilterText(source, this.budget);
    const scope = { entity, hasUser: true };
    const analysis = analyseExpression(source, this.model, scope);
    const first = analysis.issues[0];
    if (first) throw refused(source, first.offset, first.message.replace(/\.$/, ''));
    const computed = costOfReads(analysis, this.computedCosts);
    checkFilterBudget(source, analysis, this.budget, computed);
    const fields = recordFields(source, analysis);
    const result = compileToSql(source, this.model, scope, this.mapping, {
      // The list query reads the entity's table by its own name.
      record: { row: tableOf(this.model, entity) },
    });
    if (!result.ok) {
      const issue = result.issues[0];
      throw refused(
        source,
        issue?.offset ?? 0,
        (issue?.message ?? 'cannot run').replace(/\.$/, ''),
      );
    }
    const userFields = fieldsReadFrom(analysis, 'user');
    const hiddenUserField = (field: string) => {
      const read = analysis.reads.find(
        (r) => r.root === 'user' && r.depth === 1 && r.field === field,
      );
      // As the checker refuses `user.nothing`: at the field's name, after its dot.
      return refused(source, (read?.offset ?? 0) + 1, `User has no field \`${field}\``);
    };
    return {
      fields,
      userFields,
      hiddenUserField,
      where: result.sql,
      costlyRows: hasCostlyRows(analysis, computed),
    };
  }
}
