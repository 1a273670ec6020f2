import { MAX_SEARCH_LENGTH, MAX_SEARCH_WORDS, searchWords } from '@specrun/model';
import { AppError } from '../catalogue/app-error.js';
import { defaultSort } from '../store/default-order.js';
import type { SortKey } from '../store/list-records.js';
import { entityApi, type ApiContext, type EntityApi } from './api-context.js';
import type { CompiledFilter } from './list-filter.js';
import { commaList, refuseUnknown, single, type QueryParams } from '../calls/query-params.js';
import { queryValueReader, type QueryValueReader } from './query-values.js';

/** What a list request asks, read and checked against what the caller may read. */
export interface ListQuery {
  equals: Record<string, unknown>;
  filter?: CompiledFilter;
  sort: SortKey[];
  limit: number;
  cursor?: string;
  include: string[];
  /** `q`'s words, when it has any: the records must hold each (the last as a word's start). */
  search?: string[];
  /** `total=true`: the answer says how many records match, before paging. */
  total: boolean;
  /**
   * The fields its equalities and filter test that some records the caller may read hide: the
   * list keeps to the records that show them (Policy.showingFields).
   */
  partlyShown: string[];
}

/** The parameters every list takes besides `field=value`. */
export const LIST_PARAMS = ['filter', 'sort', 'limit', 'cursor', 'include', 'q'] as const;
/** What a list's answer can carry: `total` is a parameter only where it can. */
export interface ListAnswer {
  /** The answer is the engine's page (`{ items, nextCursor }`), which has room for a total. */
  total: boolean;
}
const MAX_CURSOR_LENGTH = 4096;
const LIMIT = /^[0-9]{1,9}$/;

const takes = (answer: ListAnswer) =>
  `A list takes q, filter, sort, limit, cursor, include,${answer.total ? ' total,' : ''} and field=value for the fields you may read.`;

function bad(detail: string): AppError {
  return new AppError('BAD_REQUEST', detail);
}

/** The entity a reference or `list of` field refers to; undefined for any other field. */
const referredBy = (target: EntityApi, name: string): string | undefined => {
  const type = target.fields.get(name)?.type;
  return type?.kind === 'reference' || type?.kind === 'list' ? type.entity : undefined;
};

/**
 * Reads `include=a,b` for an entity: readable reference or `list of` fields, each optionally with
 * one reference of the record it refers to (`loan.book`), readable by the caller on some records
 * of that entity: a record named by what it refers to (a loan by its book) is then shown by name
 * where another refers to it. Deeper paths are refused: one level keeps a page's queries bounded.
 * `loan.book` includes `loan` too.
 */
export function readInclude(
  api: ApiContext,
  target: EntityApi,
  value: string | undefined,
  readable: ReadonlySet<string>,
  readableOf: (entity: string) => ReadonlySet<string>,
): string[] {
  if (value === undefined) return [];
  const names = new Set<string>();
  for (const name of commaList('include', value)) {
    const [first = '', second, ...deeper] = name.split('.');
    const referred = readable.has(first) ? referredBy(target, first) : undefined;
    if (referred === undefined)
      throw bad(
        `include: ${first.slice(0, 60)} is not a reference of ${target.entity.name} you can read.`,
      );
    names.add(first);
    if (second === undefined) continue;
    if (deeper.length > 0)
      throw bad(
        `include: ${name.slice(0, 60)} goes too deep; include a reference and, at most, one of its references (${first}.${second.slice(0, 40)}).`,
      );
    const inner = entityApi(api, referred);
    if (!readableOf(referred).has(second) || referredBy(inner, second) === undefined)
      throw bad(
        `include: ${second.slice(0, 60)} is not a reference of ${inner.entity.name} you can read.`,
      );
    names.add(`${first}.${second}`);
  }
  return [...names];
}

function readSort(target: EntityApi, value: string | undefined, readable: ReadonlySet<string>) {
  if (value === undefined) return defaultSort(readable);
  const keys: SortKey[] = [];
  for (const item of commaList('sort', value)) {
    const desc = item.startsWith('-');
    const name = desc ? item.slice(1) : item;
    // `event.title`: a field of the record a reference points to, checked by the operations
    // against what the caller may read of that entity (see referencedSorts).
    const [own = '', ...through] = name.split('.');
    const column = target.table.columnByName.get(own);
    // A file is described, not valued: there is nothing to sort by.
    const file = column?.type === 'file' || column?.type === 'files';
    const referenced = through.length === 0 || (through.length === 1 && column?.references);
    if (!column || file || !referenced || (own !== 'id' && !readable.has(own)))
      throw bad(
        `sort: ${name.slice(0, 60)} is not a field of ${target.entity.name} you can sort by.`,
      );
    if (keys.some((k) => k.field === name)) throw bad(`sort: ${name} is named twice.`);
    keys.push({ field: name, direction: desc ? 'desc' : 'asc' });
  }
  return keys;
}

/**
 * Reads `q`: its words, or undefined when it has none (only punctuation searches for nothing, and
 * the list is as without it). Too long a search is refused, naming the parameter.
 */
function readSearch(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  if (value.length > MAX_SEARCH_LENGTH)
    throw bad(`q: search for at most ${MAX_SEARCH_LENGTH} characters.`);
  const words = searchWords(value);
  if (words.length > MAX_SEARCH_WORDS)
    throw bad(`q: search for at most ${MAX_SEARCH_WORDS} words.`);
  return words.length > 0 ? words : undefined;
}

/** Reads `total`: `true` counts the matching records, `false` (as without it) does not. */
function readTotal(value: string | undefined): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw bad('total: give true to count the records that match, or leave it out.');
}

/** Reads `limit`: PAGE_SIZE when absent, else 1 to MAX_PAGE_SIZE (more is refused, not cut). */
export function readLimit(api: ApiContext, value: string | undefined, name = 'limit'): number {
  if (value === undefined) return api.limits.pageSize;
  const max = api.limits.maxPageSize;
  const limit = LIMIT.test(value) ? Number(value) : NaN;
  if (!(limit >= 1 && limit <= max))
    throw bad(`${name} must be a whole number from 1 to ${max} (MAX_PAGE_SIZE).`);
  return limit;
}

/** The `field=value` readers of an entity, made once at start. */
export function equalityReaders(api: ApiContext, target: EntityApi) {
  const readers = new Map<string, QueryValueReader | undefined>();
  for (const field of target.entity.fields)
    readers.set(field.name, queryValueReader(api.model, field, target.states));
  return readers;
}

/** What the caller may read of a list's entity, as the policy says. */
export interface ListReadable {
  /** On every record they may read: what the list sorts and searches by. */
  everywhere: ReadonlySet<string>;
  /** On some of them: what it filters by and expands, on the records that show it. */
  somewhere: ReadonlySet<string>;
  /** What the caller may read on some records of another entity: the one `include` refers to. */
  readableOf: (entity: string) => ReadonlySet<string>;
}

/**
 * Reads a list's query: `field=value` equalities, `q`, `filter`, `sort` (default newest first, see
 * defaultSort), `limit`, `cursor`, `include` and, where the answer has room for it, `total`. Fields
 * the caller may not read are refused exactly as fields that do not exist, so the answer reveals
 * nothing about them.
 */
export function readListQuery(
  api: ApiContext,
  target: EntityApi,
  readers: ReadonlyMap<string, QueryValueReader | undefined>,
  query: QueryParams,
  { everywhere: readable, somewhere, readableOf }: ListReadable,
  answer: ListAnswer,
): ListQuery {
  const canRead = (name: string) => name === 'id' || somewhere.has(name);
  const unknown: string[] = [];
  const equals: Record<string, unknown> = {};
  for (const name of Object.keys(query)) {
    if ((LIST_PARAMS as readonly string[]).includes(name)) continue;
    if (name === 'total' && answer.total) continue;
    if (!readers.has(name) || !canRead(name)) {
      unknown.push(name);
      continue;
    }
    const reader = readers.get(name);
    if (!reader) throw bad(`${name} is a list: filter it with filter=, not ${name}=.`);
    equals[name] = reader(single(query, name) ?? '');
  }
  refuseUnknown(unknown, takes(answer));
  const result: ListQuery = {
    equals,
    sort: readSort(target, single(query, 'sort'), readable),
    limit: readLimit(api, single(query, 'limit')),
    include: readInclude(api, target, single(query, 'include'), somewhere, readableOf),
    total: answer.total && readTotal(single(query, 'total')),
    partlyShown: [],
  };
  const search = readSearch(single(query, 'q'));
  if (search) result.search = search;
  const cursor = single(query, 'cursor');
  if (cursor !== undefined) {
    if (cursor === '' || cursor.length > MAX_CURSOR_LENGTH)
      throw bad('cursor: give the nextCursor of the previous page as it was.');
    result.cursor = cursor;
  }
  const filter = single(query, 'filter');
  if (filter !== undefined) {
    const compiled = api.filters.compile(target.entity.name, filter);
    const hidden = compiled.fields.filter((f) => !canRead(f));
    if (hidden.length > 0)
      throw bad(`filter: ${target.entity.name} has no field ${hidden.join(', ')} you can read.`);
    result.filter = compiled;
  }
  const tested = [...Object.keys(equals), ...(result.filter?.fields ?? [])];
  result.partlyShown = [...new Set(tested.filter((f) => f !== 'id' && !readable.has(f)))];
  return result;
}
