import { compileToSql, type ExprScope, type SqlParams } from '@specrun/expr';
import type { ApiCall, CallParameter, Expression } from '@specrun/model';
import type { RawBuilder, SqlBool } from 'kysely';
import { AppError } from '../catalogue/app-error.js';
import { whereReadsUser } from '../calls/where-reads-user.js';
import { refuseUnknown, single, type QueryParams } from '../calls/query-params.js';
import { tableOf } from '../store/derive-columns.js';
import type { ApiContext } from './api-context.js';
import { readLimit } from './list-query.js';

type Condition = (params: SqlParams) => RawBuilder<SqlBool>;

/** What a declared list call's request asks beyond the engine's own list parameters. */
export interface DeclaredRequest {
  /** The request's paging parameters under the engine's names (limit, cursor, sort, filter). */
  query: QueryParams;
  /** The call's `where` and the conditions of the parameters given, to AND. */
  conditions: RawBuilder<SqlBool>[];
  /** Rows to skip, when the call declares `rows to skip`. */
  offset?: number;
}

/** A list call's `where` and declared parameters, compiled once when the server starts. */
export interface DeclaredList {
  /** Whether the call needs a signed-in caller: its `where` reads `user`. */
  needsUser: boolean;
  /** The call's parameters, when it declares them: then the only ones it takes. */
  parameters?: readonly CallParameter[];
  /** Reads one request: BAD_REQUEST naming what to fix. */
  read(query: QueryParams, params: SqlParams): DeclaredRequest;
}

/** How a list answers that there is a next page: a cursor in the body, a `Link` header. */
export interface NextPage {
  cursor?: string;
  link?: string;
}

/** The request's path and query with one parameter set, as a `Link` header's next page. */
export function pageLink(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://server');
  parsed.searchParams.set(name, value);
  return `<${parsed.pathname}${parsed.search}>; rel="next"`;
}

/**
 * The next page of a call with declared parameters: with `rows to skip`, a `Link` to the rows
 * after this page and no cursor; else its cursor under the call's name for it (a `Link` too for
 * a bare array); a call that declares neither has no way to ask for the next page.
 */
export function declaredNextPage(
  parameters: readonly CallParameter[],
  at: { url: string; cursor: string | undefined; offset: number; limit: number; bare: boolean },
): NextPage {
  if (at.cursor === undefined) return {};
  const skip = parameters.find((p) => p.kind === 'rows-to-skip');
  if (skip) return { link: pageLink(at.url, skip.name, String(at.offset + at.limit)) };
  const cursor = parameters.find((p) => p.kind === 'cursor');
  if (!cursor) return {};
  return at.bare
    ? { cursor: at.cursor, link: pageLink(at.url, cursor.name, at.cursor) }
    : { cursor: at.cursor };
}

// The engine's name for each paging word's parameter: readListQuery reads them so.
const ENGINE_NAMES: Partial<Record<CallParameter['kind'], string>> = {
  'page-size': 'limit',
  cursor: 'cursor',
  sort: 'sort',
  filter: 'filter',
};
const OFFSET = /^[0-9]{1,9}$/;

function compiled(api: ApiContext, entity: string, expression: Expression, scope: ExprScope) {
  const result = compileToSql(expression.source, api.model, scope, api.mapping, {
    record: { row: tableOf(api.model, entity) },
  });
  // The document's check refuses what cannot compile (condition-not-in-sql).
  if (!result.ok)
    throw new Error(`line ${expression.line}: ${result.issues[0]?.message ?? 'cannot compile'}`);
  return result.sql;
}

function readOffset(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!OFFSET.test(value))
    throw new AppError('BAD_REQUEST', `${name} must be a whole number of rows to skip, 0 or more.`);
  return Number(value);
}

/** The `where` and declared parameters of a list call, or undefined when it has neither. */
export function declaredList(api: ApiContext, call: ApiCall): DeclaredList | undefined {
  if (call.operation.kind !== 'list' || (!call.where && !call.parameters)) return undefined;
  const entity = call.operation.entity;
  const where = call.where && compiled(api, entity, call.where, { entity, hasUser: true });
  const conditions = new Map<string, Condition>();
  const textScope = { entity, hasUser: true, texts: ['value'] };
  for (const p of call.parameters ?? [])
    if (p.kind === 'condition')
      conditions.set(p.name, compiled(api, entity, p.condition, textScope));
  const parameters = call.parameters;
  const names = parameters?.map((p) => p.name) ?? [];
  const takes = `This call takes ${names.join(', ') || 'no query parameters'}.`;
  const result: DeclaredList = {
    needsUser: whereReadsUser(api.model, call),
    read(query, params) {
      const out: DeclaredRequest = { query: parameters ? {} : query, conditions: [] };
      if (where) out.conditions.push(where(params));
      if (!parameters) return out;
      refuseUnknown(
        Object.keys(query).filter((k) => !names.includes(k)),
        takes,
      );
      for (const parameter of parameters) {
        const value = single(query, parameter.name);
        if (value === undefined) continue;
        const condition = conditions.get(parameter.name);
        const engineName = ENGINE_NAMES[parameter.kind];
        if (condition) out.conditions.push(condition({ ...params, texts: { value } }));
        else if (parameter.kind === 'rows-to-skip') {
          const offset = readOffset(parameter.name, value);
          if (offset) out.offset = offset;
        } else if (parameter.kind === 'page-size')
          out.query.limit = String(readLimit(api, value, parameter.name));
        else if (engineName) out.query[engineName] = value;
      }
      return out;
    },
  };
  if (parameters) result.parameters = parameters;
  return result;
}
