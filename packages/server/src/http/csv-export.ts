import {
  callerRoles,
  fieldLabel,
  matchingRows,
  selectedFields,
  titleField,
  unwrapPage,
  type ApiCall,
  type Entity,
  type Field,
} from '@specrun/model';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../catalogue/app-error.js';
import { commaList, single, type QueryParams } from '../calls/query-params.js';
import type { Actor } from '../callers/actor.js';
import { entityApi, operationContext, type ApiContext } from './api-context.js';
import type { ApiHandler, HandlerFactory } from './api-handlers.js';
import { cellText, csvRow, exportFileName } from './csv-cells.js';
import { listHandler } from './list-handler.js';

/** What an export decides itself: a list's others (`q`, `filter`, `sort`, `field=value`) pass on. */
const EXPORT_PARAMS = ['format', 'columns'];
/** What an export of the whole list with its columns leaves no room for. */
const PAGING_PARAMS = ['limit', 'cursor', 'include', 'total'];
// Spreadsheets (Excel) read a file as UTF-8 only when it starts with the byte order mark.
const BOM = '\uFEFF';
// Every user reads these of their own account (OWN_ACCOUNT_FIELDS in permissions/entity-plan.ts).
const OWN_ACCOUNT = ['id', 'email', 'name', 'roles'];

const bad = (detail: string) => new AppError('BAD_REQUEST', detail);

/** The fields a caller may read on some record of the entity: section 6's rows for them, joined. */
function fieldsOfSomeRecord(api: ApiContext, actor: Actor | null, entity: Entity): Set<string> {
  const all = new Set(entity.fields.map((f) => f.name));
  const roles = callerRoles(actor);
  const rows = matchingRows(api.model.permissions, roles, entity.name, 'read');
  const out = new Set(['id', ...(entity.name === 'User' && actor ? OWN_ACCOUNT : [])]);
  for (const row of rows) {
    if (row.allowed.kind === 'no') continue;
    for (const name of selectedFields(row.fields, all)) out.add(name);
  }
  return out;
}

/**
 * Reads `columns=title,startsAt,venue`: fields the caller may read, each once, in that order;
 * without it, every field they may read. Any other name is refused as one that does not exist.
 */
function readColumns(entity: Entity, value: string | undefined, readable: ReadonlySet<string>) {
  const fields = new Map(entity.fields.map((f) => [f.name, f]));
  if (value === undefined) return entity.fields.filter((f) => readable.has(f.name));
  const columns: Field[] = [];
  for (const name of commaList('columns', value)) {
    const field = fields.get(name);
    if (!field || !readable.has(name))
      throw bad(`columns: ${name.slice(0, 60)} is not a field of ${entity.name} you can read.`);
    if (columns.includes(field)) throw bad(`columns: ${name} is named twice.`);
    columns.push(field);
  }
  return columns;
}

/**
 * What to include for reference columns to be written by title: each, and for a referenced entity
 * with no title of its own (a loan, named by its book), its references the reader may read.
 */
function namingIncludes(api: ApiContext, actor: Actor | null, columns: readonly Field[]): string[] {
  return columns.flatMap((field) => {
    const type = field.type;
    if (type.kind !== 'reference' && type.kind !== 'list') return [];
    const target = entityApi(api, type.entity).entity;
    if (titleField(target)) return [field.name];
    const readable = api.policy.readableOnSome(actor, target.name);
    const inner = target.fields.filter(
      (f) => f.type.kind === 'reference' && !f.builtin && readable.has(f.name),
    );
    return [field.name, ...inner.map((f) => `${field.name}.${f.name}`)];
  });
}

/**
 * A list as CSV (`format=csv`): every page of it, read through the list handler itself (the same
 * permissions, `q`, `filter`, `field=value` and `sort`), with the `columns` asked, their labels as
 * headers, and values written plainly (see cellText). The file is answered once read whole, and
 * holds at most MAX_EXPORT_ROWS records: a longer list is refused (EXPORT_TOO_LARGE) rather than
 * cut short, so that nobody takes a part for the whole. Undefined for a call that declares its
 * parameters: its query is its own.
 */
function csvExport(call: ApiCall, api: ApiContext, list: ApiHandler): ApiHandler | undefined {
  if (call.operation.kind !== 'list' || call.parameters) return undefined;
  const target = entityApi(api, call.operation.entity);
  const max = api.limits.maxExportRows;
  return async (request, reply) => {
    const query = request.query as QueryParams;
    if (single(query, 'format') !== 'csv')
      throw bad('format: give csv to export the whole list as CSV, or leave it out.');
    const paging = PAGING_PARAMS.filter((p) => query[p] !== undefined);
    if (paging.length > 0)
      throw bad(
        `${paging.join(', ')}: an export (format=csv) is the whole list with its columns; leave ${paging.length > 1 ? 'them' : 'it'} out.`,
      );
    const { actor } = operationContext(api, request);
    const readable = fieldsOfSomeRecord(api, actor, target.entity);
    const columns = readColumns(target.entity, single(query, 'columns'), readable);
    const include = columns.filter((f) => ['reference', 'list'].includes(f.type.kind));
    const passed = Object.fromEntries(
      Object.entries(query).filter(([name]) => !EXPORT_PARAMS.includes(name)),
    );
    const lines = [csvRow(columns.map((f) => fieldLabel(f.name)))];
    let cursor: string | undefined;
    let rows = 0;
    do {
      const page: QueryParams = { ...passed, limit: String(api.limits.maxPageSize) };
      if (include.length > 0) page.include = namingIncludes(api, actor, include).join(',');
      if (cursor !== undefined) page.cursor = cursor;
      // The list's own request, with this page's query: everything else (the caller, the path's
      // parent, the headers) as sent.
      const pageRequest = Object.create(request, {
        query: { value: page, enumerable: true },
      }) as FastifyRequest;
      const body = await list(pageRequest, reply);
      const link = reply.getHeader('link');
      reply.removeHeader('link');
      const answer = unwrapPage<Record<string, unknown>>(
        call.response,
        body,
        typeof link === 'string' ? link : null,
      );
      rows += answer.items.length;
      if (rows > max)
        throw new AppError(
          'EXPORT_TOO_LARGE',
          `The list has more than ${max} ${target.entity.plural} (MAX_EXPORT_ROWS): narrow it with filters to export it.`,
        );
      for (const item of answer.items)
        lines.push(csvRow(columns.map((f) => cellText(api.model, f, item[f.name]))));
      cursor = answer.nextCursor;
    } while (cursor !== undefined);
    void reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(target.entity)}"`);
    return `${BOM}${lines.join('\r\n')}\r\n`;
  };
}

/** A list call that also answers CSV with `format=csv` (see csvExport); JSON otherwise, as ever. */
export const listOrCsvHandler: HandlerFactory = (call, api, calls) => {
  const list = listHandler(call, api, calls);
  const csv = csvExport(call, api, list);
  if (!csv) return list;
  return (request, reply) =>
    (request.query as QueryParams).format === undefined
      ? list(request, reply)
      : csv(request, reply);
};
