import {
  isDeclared,
  isSearchedField,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_WORDS,
  type ApiCall,
  type Entity,
  type Field,
} from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import { valueSchema } from './field-values.js';
import type { ParameterObject, Reference } from './openapi-types.js';
import { cursorParameter } from './operation-parts.js';
import { EXPORT_PARAMS, exportParameters } from './export-parameters.js';

const RESERVED = new Set(['filter', 'sort', 'limit', 'cursor', 'include', 'q', ...EXPORT_PARAMS]);

/** A field of one value, stored in a column: what `field=value` and `sort` take (list-query.ts). */
function hasColumn(field: Field): boolean {
  return !['list', 'roles', 'files'].includes(field.type.kind);
}

function numberConstant(ctx: DocumentContext, name: string, fallback: number): number {
  const value = ctx.model.constants.find((c) => c.name === name)?.value;
  return value?.kind === 'number' ? value.value : fallback;
}

const names = (fields: Field[]) => fields.map((f) => f.name);

/**
 * `sort`: the entity's stored fields, and those of the records its references point to
 * (`event.title`, see referencedSorts in the operations).
 */
function sortParameter(ctx: DocumentContext, stored: Field[]): ParameterObject {
  const referenced = stored.flatMap((f) =>
    f.type.kind === 'reference'
      ? [`${f.name}\\.(${names(ctx.entity(f.type.entity).fields.filter(hasColumn)).join('|')})`]
      : [],
  );
  const one = `-?(${[...names(stored), ...referenced].join('|')})`;
  const fields = names(stored).map((n) => `\`${n}\``);
  const references = stored.filter((f) => f.type.kind === 'reference');
  const through = references.find((f) => !f.builtin) ?? references[0];
  const example = through
    ? ` or a field of the record a reference points to (\`${through.name}.id\`), sorted as empty where the caller may not read that record`
    : '';
  return {
    name: 'sort',
    in: 'query',
    description: `Fields to sort by, comma-separated, \`-\` first for descending (default \`-createdAt\`; ties are broken by \`id\`). Only fields the caller may read: ${fields.join(', ')}${example}.`,
    schema: { type: 'string', pattern: `^${one}(,${one})*$`, default: '-createdAt' },
  };
}

/** The names of an entity's reference and `list of` fields, with the entity each refers to. */
function referenceFields(ctx: DocumentContext, entityName: string) {
  return ctx
    .entity(entityName)
    .fields.flatMap((f) =>
      f.type.kind === 'reference' || f.type.kind === 'list'
        ? [{ name: f.name, entity: f.type.entity }]
        : [],
    );
}

/**
 * `include=a,b` for the entity's reference and list fields, each optionally with one reference of
 * the record it refers to (`loan.book`), or none when it has none.
 */
export function includeParameter(
  ctx: DocumentContext,
  entityName: string,
): ParameterObject | undefined {
  const fields = referenceFields(ctx, entityName);
  if (fields.length === 0) return undefined;
  const paths = fields.flatMap(({ name, entity }) => [
    name,
    ...referenceFields(ctx, entity).map((inner) => `${name}.${inner.name}`),
  ]);
  const one = `(${paths.map((p) => p.replace('.', '\\.')).join('|')})`;
  const names = fields.map((f) => `\`${f.name}\``).join(', ');
  const nested = paths.find((p) => p.includes('.'));
  const deeper = nested
    ? `; each may name one reference of the record it refers to, expanded inside it (\`${nested}\`)`
    : '';
  return {
    name: 'include',
    in: 'query',
    description: `References to expand in place, comma-separated: ${names}${deeper}. A record the caller may not read stays its id.`,
    schema: { type: 'string', pattern: `^${one}(,${one})*$` },
  };
}

/** `offers=create` on a read of one record: the creates it offers, among its `actions`. */
export function offersParameter(entityName: string): ParameterObject {
  return {
    name: 'offers',
    in: 'query',
    description: `\`create\`: the record's \`actions\` also name \`create:<Entity>.<field>\` for each record referring to this ${entityName} through that field that the caller could create now (section 6 and the create rules, judged on what is known before its form is filled in).`,
    schema: { type: 'string', enum: ['create'] },
  };
}

/** `offers=create:<Entity>.<field>` on a list: one create each record says it offers (a picker's). */
function listOffersParameter(entityName: string): ParameterObject {
  return {
    name: 'offers',
    in: 'query',
    description: `\`create:<Entity>.<field>\`, naming a record that refers to a ${entityName} through that field: each record's \`actions\` then also name it when the caller could create such a record referring to it now, as a read with \`offers=create\` says. What a create form's picker offers.`,
    schema: { type: 'string', pattern: '^create:[A-Za-z][A-Za-z0-9]*\\.[A-Za-z][A-Za-z0-9]*$' },
  };
}

function equalityParameter(ctx: DocumentContext, entity: Entity, field: Field): ParameterObject {
  if (field.type.kind === 'file')
    return {
      name: field.name,
      in: 'query',
      description: `Empty only: keeps the ${entity.name} records without a \`${field.name}\` file.`,
      schema: { type: 'string', maxLength: 0 },
    };
  return {
    name: field.name,
    in: 'query',
    description: `Keeps the ${entity.name} records whose \`${field.name}\` equals the value; an empty value keeps those where it is empty.`,
    schema: valueSchema(ctx.model, entity, field, 'input'),
  };
}

/** `q`: words searched in the entity's text fields the caller may read (http/list-handler.ts). */
function searchParameter(entity: Entity): ParameterObject {
  const fields = entity.fields.filter(isSearchedField).map((f) => `\`${f.name}\``);
  const where =
    fields.length > 0
      ? `its text fields the caller may read on every record they may read (${fields.join(', ')})`
      : 'its text fields, of which it has none: a search with words finds nothing';
  return {
    name: 'q',
    in: 'query',
    description: `Words to find: keeps the ${entity.name} records that have every word in ${where}, each in any of them. Case does not matter; the last word also finds the words it starts (\`prin\` finds "Printer"). Only letters and digits count: punctuation separates words, and a search of punctuation alone keeps every record. At most ${MAX_SEARCH_LENGTH} characters and ${MAX_SEARCH_WORDS} words. Records stay in the list's order.`,
    schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
  };
}

/** `total=true`: the page says how many records match, before paging (the engine's page only). */
function totalParameter(): ParameterObject {
  return {
    name: 'total',
    in: 'query',
    description:
      '`true`: the page also answers `total`, how many records match (the same search, filters and permissions), before paging. Counting costs a query: ask on the first page.',
    schema: { type: 'boolean', default: false },
  };
}

/** `limit`: PAGE_SIZE by default, at most MAX_PAGE_SIZE (more is refused, not cut). */
export function limitParameter(ctx: DocumentContext): Reference {
  const pageSize = numberConstant(ctx, 'PAGE_SIZE', 25);
  const maxPageSize = numberConstant(ctx, 'MAX_PAGE_SIZE', 100);
  return ctx.components.parameter('limit', () => ({
    name: 'limit',
    in: 'query',
    description: `How many per page: ${pageSize} by default (\`PAGE_SIZE\`), at most ${maxPageSize} (\`MAX_PAGE_SIZE\`).`,
    schema: { type: 'integer', minimum: 1, maximum: maxPageSize, default: pageSize },
  }));
}

/**
 * The query parameters every list takes (section 7, "Lists: filter, sort and paging"): one
 * equality filter per stored field, `q`, a CEL `filter`, `sort`, `limit`, `cursor` and `include`;
 * `total` on the default API's list, whose page has room for it.
 */
export function listParameters(
  ctx: DocumentContext,
  entityName: string,
  call: ApiCall,
): (ParameterObject | Reference)[] {
  const entity = ctx.entity(entityName);
  const stored = entity.fields.filter(hasColumn);
  const counts = !isDeclared(call);
  const parameters: (ParameterObject | Reference)[] = [
    searchParameter(entity),
    ctx.components.parameter('filter', () => ({
      name: 'filter',
      in: 'query',
      description:
        'A CEL condition over `record`, run in the database: `record.priority == "high" && record.assignee == null`. Only fields the caller may read.',
      schema: { type: 'string' },
    })),
    sortParameter(ctx, stored),
    limitParameter(ctx),
    cursorParameter(ctx),
  ];
  const include = includeParameter(ctx, entityName);
  if (include) parameters.push(include);
  if (counts) parameters.push(totalParameter());
  parameters.push(listOffersParameter(entityName));
  parameters.push(...exportParameters(entity, ctx.limits.maxExportRows));
  for (const field of stored)
    if (!RESERVED.has(field.name) && !(counts && field.name === 'total'))
      parameters.push(equalityParameter(ctx, entity, field));
  return parameters;
}
