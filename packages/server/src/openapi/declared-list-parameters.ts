import type { ApiCall, CallParameter } from '@specrun/model';
import type { DocumentContext } from './document-context.js';
import type { ParameterObject, Reference } from './openapi-types.js';

function numberConstant(ctx: DocumentContext, name: string, fallback: number): number {
  const value = ctx.model.constants.find((c) => c.name === name)?.value;
  return value?.kind === 'number' ? value.value : fallback;
}

function parameterObject(ctx: DocumentContext, p: CallParameter): ParameterObject {
  const base = { name: p.name, in: 'query' as const };
  switch (p.kind) {
    case 'condition':
      return {
        ...base,
        description: `Keeps the records for which \`${p.condition.source}\` holds, \`value\` being this parameter's text.`,
        schema: { type: 'string' },
      };
    case 'page-size': {
      const pageSize = numberConstant(ctx, 'PAGE_SIZE', 25);
      const max = numberConstant(ctx, 'MAX_PAGE_SIZE', 100);
      return {
        ...base,
        description: `How many per page: ${pageSize} by default (\`PAGE_SIZE\`), at most ${max} (\`MAX_PAGE_SIZE\`).`,
        schema: { type: 'integer', minimum: 1, maximum: max, default: pageSize },
      };
    }
    case 'rows-to-skip':
      return {
        ...base,
        description: 'How many records to skip before the page (0 by default).',
        schema: { type: 'integer', minimum: 0, default: 0 },
      };
    case 'cursor':
      return {
        ...base,
        description: 'The `nextCursor` of the previous page, as given.',
        schema: { type: 'string' },
      };
    case 'sort':
      return {
        ...base,
        description:
          'Fields to sort by, comma-separated, `-` first for descending (default `-createdAt`).',
        schema: { type: 'string', default: '-createdAt' },
      };
    case 'filter':
      return {
        ...base,
        description: 'A CEL condition over `record`, run in the database.',
        schema: { type: 'string' },
      };
  }
}

/**
 * The query parameters of a list call that declares them (section 7 "Declared list
 * parameters"): exactly those, since the call refuses any other; undefined when it declares none.
 */
export function declaredListParameters(
  ctx: DocumentContext,
  call: ApiCall,
): ParameterObject[] | undefined {
  return call.parameters?.map((p) => parameterObject(ctx, p));
}

/** What a list call's `where` and paging add to its description. */
export function declaredListNote(call: ApiCall): string {
  const where = call.where ? ` Only the records for which \`${call.where.source}\` holds.` : '';
  const skip = call.parameters?.find((p) => p.kind === 'rows-to-skip');
  const paging = skip
    ? ` Paged by \`${skip.name}\`: no cursor; a \`Link\` header (rel="next") names the next page.`
    : '';
  return where + paging;
}

/**
 * The `Link` header of a list with declared parameters (http/declared-list.ts): sent with
 * `rows to skip`, or with a cursor when the answer is a bare array; else none.
 */
export function declaredPageLink(
  ctx: DocumentContext,
  call: ApiCall,
  bare: boolean,
): Reference | undefined {
  const kinds = new Set(call.parameters?.map((p) => p.kind));
  if (!kinds.has('rows-to-skip') && !(bare && kinds.has('cursor'))) return undefined;
  return ctx.components.header('NextPageLink', () => ({
    description:
      'The next page, as `<path?...>; rel="next"` with the declared rows to skip (or cursor) set; absent on the last page.',
    schema: { type: 'string' },
  }));
}
