import {
  recordTitle,
  sentence,
  words,
  type AppModel,
  type Entity,
  type Field,
} from '@specrun/model';

// Values whose text the engine writes itself (digits, ISO dates, true/false): never a formula.
const PLAIN_KINDS = new Set(['integer', 'decimal', 'money', 'date', 'datetime', 'boolean', 'id']);
// A spreadsheet runs a cell starting with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;
// Several values in one cell (a list of references, of files, of roles).
const JOINER = '; ';

/**
 * Text a person or a record gave, safe to open in a spreadsheet: one that would start a formula
 * (`=HYPERLINK(…)`, `+1`, `-2+3`, `@SUM(…)`) is kept as text, behind a `'` as spreadsheets write it.
 */
export function neutralised(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One CSV cell (RFC 4180): quoted, its quotes doubled, when it holds a comma, quote or newline. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, without its line ending. */
export const csvRow = (cells: readonly string[]): string => cells.map(csvCell).join(',');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The title of the first record a record with no title of its own refers to, expanded
 * (`include=loan.book`): "Loan: Dubliners", as the web app names it.
 */
function titleThrough(model: AppModel, entity: Entity, record: Record<string, unknown>) {
  for (const field of entity.fields) {
    const type = field.type;
    if (type.kind !== 'reference' || field.builtin) continue;
    const inner = record[field.name];
    const target = model.entities.find((e) => e.name === type.entity);
    const title = target && isObject(inner) ? recordTitle(model, target, inner) : undefined;
    if (title !== undefined) return `${sentence(words(entity.name))}: ${title}`;
  }
  return undefined;
}

/** A record a reference points to, by its title (expanded), else through its own, else its id. */
function referenceText(model: AppModel, entity: string, value: unknown): string {
  if (typeof value === 'string') return value;
  if (!isObject(value)) return '';
  const target = model.entities.find((e) => e.name === entity);
  const title = target
    ? (recordTitle(model, target, value) ?? titleThrough(model, target, value))
    : undefined;
  return title ?? (typeof value.id === 'string' ? value.id : '');
}

/** A file by its name (as the API describes it: `{ name, ... }`). */
const fileText = (value: unknown) =>
  isObject(value) && typeof value.name === 'string' ? value.name : '';

/** A field's value as a cell's text, before escaping (see cellText). */
function plainText(model: AppModel, field: Field, value: unknown): string {
  if (value === null || value === undefined) return '';
  const type = field.type;
  switch (type.kind) {
    case 'reference':
      return referenceText(model, type.entity, value);
    case 'list':
      return Array.isArray(value)
        ? value.map((v) => referenceText(model, type.entity, v)).join(JOINER)
        : '';
    case 'file':
      return fileText(value);
    case 'files':
      return Array.isArray(value) ? value.map(fileText).join(JOINER) : '';
    case 'roles':
      return Array.isArray(value) ? value.join(JOINER) : '';
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
  }
}

/**
 * A field's value as the export writes it: plainly, as the API has it (ISO dates and instants,
 * numbers as digits with a point, `true`/`false`, the values of `one of` and states), a reference
 * by the title of the record it points to (its id when the reader may not read that record), a
 * file by its name, several values joined by `; `. Text from records is neutralised against
 * formulas; the engine's own values never start one but a minus sign, which stays a number.
 */
export function cellText(model: AppModel, field: Field, value: unknown): string {
  const text = plainText(model, field, value);
  return PLAIN_KINDS.has(field.type.kind) ? text : neutralised(text);
}

/** The file name an export is offered as: the entity's plural, as a word (`purchase-orders.csv`). */
export const exportFileName = (entity: Entity): string =>
  `${entity.plural.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}.csv`;
