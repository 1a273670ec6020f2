import type { Entity } from '@specrun/model';
import type { ErrorCase } from './error-responses.js';
import type { ParameterObject, ResponseObject } from './openapi-types.js';

/** The list parameters of a CSV export (http/csv-export.ts): never fields' names there. */
export const EXPORT_PARAMS = ['format', 'columns'] as const;

/** `format=csv` and `columns`: the whole list as CSV, with the columns asked. */
export function exportParameters(entity: Entity, maxRows: number): ParameterObject[] {
  const names = entity.fields.map((f) => f.name);
  const one = `(${names.join('|')})`;
  return [
    {
      name: 'format',
      in: 'query',
      description: `\`csv\`: the whole list (every page, with the same permissions, search, filters and sort) as a CSV file instead of a page, at most ${maxRows} records (\`MAX_EXPORT_ROWS\`; more is \`EXPORT_TOO_LARGE\`). Refuses \`limit\`, \`cursor\`, \`include\` and \`total\`.`,
      schema: { type: 'string', enum: ['csv'] },
    },
    {
      name: 'columns',
      in: 'query',
      description: `With \`format=csv\`: the fields to write, comma-separated, in order (default: every field the caller may read). Their labels head the columns; references are written by their titles.`,
      schema: { type: 'string', pattern: `^${one}(,${one})*$` },
    },
  ];
}

/** A list's 200 as CSV, beside its JSON page, for `format=csv`. */
export function withCsvAnswer(
  answers: Record<string, ResponseObject>,
  entity: Entity,
): Record<string, ResponseObject> {
  const ok = answers['200'];
  if (!ok) return answers;
  return {
    ...answers,
    '200': {
      ...ok,
      description: `${ok.description} With \`format=csv\`, the whole list as CSV (\`Content-Disposition: attachment\`, named after the ${entity.plural}): a UTF-8 byte order mark, the columns' labels, then one line per record, values written plainly, text that would start a formula behind a \`'\`.`,
      content: { ...ok.content, 'text/csv': { schema: { type: 'string' } } },
    },
  };
}

/** The refusal of an export too long for MAX_EXPORT_ROWS. */
export const EXPORT_TOO_LARGE: ErrorCase = {
  code: 'EXPORT_TOO_LARGE',
  when: 'With `format=csv`, the list has more than `MAX_EXPORT_ROWS` records: narrow it with filters.',
};
