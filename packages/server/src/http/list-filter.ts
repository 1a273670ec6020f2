import {
  compileToSql,
  typeExpression,
  type ExprType,
  type SqlMapping,
  type SqlParams,
} from '@specrun/expr';
import type { AppModel } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { tableOf } from '../store/derive-columns.js';

/** A `filter=` condition compiled for one entity's list. */
export interface CompiledFilter {
  /** The fields of `record` it reads: each must be readable by the caller. */
  fields: readonly string[];
  where(params: SqlParams): RawBuilder<SqlBool>;
}

/** The longest filter accepted: a condition a person writes, not a program. */
export const MAX_FILTER_LENGTH = 2000;
// Compiled filters kept for reuse: lists are asked the same filters again and again.
const CACHE_SIZE = 500;

/** A node of the parsed CEL tree, read loosely: only its kind, id and children matter here. */
interface Node {
  id: bigint | number;
  exprKind: { case: string | undefined; value: unknown };
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && 'exprKind' in value && 'id' in value;

function children(value: unknown, visit: (node: Node) => void): void {
  if (Array.isArray(value)) for (const item of value) children(item, visit);
  else if (isNode(value)) visit(value);
  else if (typeof value === 'object' && value !== null)
    for (const item of Object.values(value)) children(item, visit);
}

function refused(source: string, offset: number, message: string): AppError {
  return new AppError('BAD_REQUEST', `filter: ${message} (column ${offset + 1} of "${source}").`);
}

/**
 * Walks a typed filter and answers the fields of `record` it reads. A filter must not become an
 * oracle on what the caller may not see: it may read `record`'s fields (checked against the
 * caller's readable fields per request), the caller's own `user`, and the id of a reference, but
 * not follow a reference to another record's fields, nor count() other records.
 */
function recordFields(
  source: string,
  root: unknown,
  types: ReadonlyMap<string, ExprType>,
  offsetOf: (node: Node) => number,
): string[] {
  const fields = new Set<string>();
  const visit = (node: Node): void => {
    const kind = node.exprKind;
    if (kind.case === 'callExpr') {
      const call = kind.value as { function: string };
      if (call.function === 'count')
        throw refused(source, offsetOf(node), 'count() is not available in a list filter');
    }
    if (kind.case === 'selectExpr') {
      const select = kind.value as { operand?: Node; field: string };
      const operand = select.operand;
      const type = operand ? types.get(String(operand.id)) : undefined;
      if (operand && type?.kind === 'record') {
        const name =
          operand.exprKind.case === 'identExpr'
            ? (operand.exprKind.value as { name: string }).name
            : undefined;
        if (name === 'record') fields.add(select.field);
        else if (name !== 'user' && select.field !== 'id')
          throw refused(
            source,
            offsetOf(node),
            `only the id of a ${type.entity} can be used, not .${select.field}`,
          );
      }
    }
    children(kind.value, visit);
  };
  children(root, visit);
  return [...fields];
}

/**
 * Compiles list filters (CEL over `record`) to SQL conditions on the entity's table, with `user`
 * bound per request. Type errors and refused constructs are BAD_REQUEST with the column.
 */
export class FilterCompiler {
  private readonly cache = new Map<string, CompiledFilter>();

  constructor(
    private readonly model: AppModel,
    private readonly mapping: SqlMapping,
  ) {}

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
    const scope = { entity, hasUser: true };
    const typed = typeExpression(source, this.model, scope);
    const first = typed.issues[0];
    if (first) throw refused(source, first.offset, first.message.replace(/\.$/, ''));
    const positions = (typed.parsed?.sourceInfo?.positions ?? {}) as Record<string, number>;
    const offsetOf = (node: Node) => positions[String(node.id)] ?? 0;
    const fields = recordFields(source, typed.parsed?.expr, typed.types, offsetOf);
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
    return { fields, where: result.sql };
  }
}
