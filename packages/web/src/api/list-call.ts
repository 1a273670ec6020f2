import { isDeclared, type ApiCall, type CallParameter } from '@specrun/model';
import type { ListParams } from './api.js';

const squeezed = (source: string) => source.replace(/\s+/g, '');

const declares = (call: ApiCall, kind: CallParameter['kind']) =>
  call.parameters?.find((p) => p.kind === kind);

/** Whether a list call's `where` is this filter: it applies it itself. */
const applies = (call: ApiCall, filter: string | undefined) =>
  call.where !== undefined &&
  filter !== undefined &&
  squeezed(call.where.source) === squeezed(filter);

/** A list's parameters without the filter the call applies itself. */
export function unapplied(call: ApiCall, params: ListParams): ListParams {
  if (!applies(call, params.filter)) return params;
  const rest = { ...params };
  delete rest.filter;
  return rest;
}

/** Whether a list call takes a `filter=` (the engine's own, or under its declared name). */
const takesFilter = (call: ApiCall) => !call.parameters || declares(call, 'filter') !== undefined;

/**
 * The list call a screen reads through: the one whose `where` is the screen's filter (then the
 * filter is not sent: the call applies it), else one without a `where` that takes the filter,
 * else the first without a `where`, top-level calls before nested ones. Section 7 may declare
 * several lists of one entity (a feed beside the whole list, a parent's records beside them all).
 */
export function listCallFor(
  calls: readonly ApiCall[],
  entity: string,
  filter: string | undefined,
): ApiCall | undefined {
  // A list nested under a parent (`/v1/candidates/:id/applications`) lists one parent's records:
  // a screen of them all reads a top-level one when section 7 has it.
  const lists = calls
    .filter((c) => c.operation.kind === 'list' && c.operation.entity === entity)
    .sort((a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')));
  const plain = lists.filter((c) => !c.where);
  if (filter !== undefined) {
    const same = lists.find((c) => c.where && squeezed(c.where.source) === squeezed(filter));
    if (same) return same;
    const filtering = plain.find(takesFilter);
    if (filtering) return filtering;
  }
  return plain[0] ?? lists[0];
}

/** Whether a list call takes the engine's `field=value`, `sort` and `include` parameters. */
export const takesEngineParameters = (call: ApiCall | undefined): boolean =>
  call !== undefined && !call.parameters;

/** Whether a list call takes `q`, a search: the engine's parameters do (docs/api.md, "Lists"). */
export const takesSearch = (call: ApiCall | undefined): boolean => takesEngineParameters(call);

/**
 * Whether a list call answers `total` when asked: the default API's, whose page has room for it.
 * A declared call's shape says `count` itself when it has one.
 */
export const takesTotal = (call: ApiCall | undefined): boolean =>
  call !== undefined && !isDeclared(call);

/** Whether a list call takes a sort: the engine's, or one it declares. */
export const takesSort = (call: ApiCall | undefined): boolean =>
  call !== undefined && (!call.parameters || declares(call, 'sort') !== undefined);

/**
 * A list's query for a call that declares its parameters: only those it takes, under its names.
 * The page's cursor is the declared cursor, or with `rows to skip` the rows to skip (see
 * nextOfLink); a filter the call applies itself is not sent.
 */
export function declaredListQuery(call: ApiCall, params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  const set = (kind: CallParameter['kind'], value: string | undefined) => {
    const parameter = declares(call, kind);
    if (parameter && value !== undefined && value !== '') query.set(parameter.name, value);
  };
  const applied =
    call.where && params.filter && squeezed(call.where.source) === squeezed(params.filter);
  if (!applied) set('filter', params.filter);
  set('sort', params.sort);
  set('page-size', params.limit === undefined ? undefined : String(params.limit));
  set(declares(call, 'rows-to-skip') ? 'rows-to-skip' : 'cursor', params.cursor);
  return query;
}

/**
 * The next page's "cursor" of a call that declares its parameters, from its `Link` header: the
 * rows to skip with `rows to skip`, else the declared cursor; undefined on the last page.
 */
export function nextOfLink(call: ApiCall, link: string | null): string | undefined {
  const parameter = declares(call, 'rows-to-skip') ?? declares(call, 'cursor');
  const match = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
  if (!parameter || !match) return undefined;
  return new URL(match[1]!, 'http://server').searchParams.get(parameter.name) ?? undefined;
}
