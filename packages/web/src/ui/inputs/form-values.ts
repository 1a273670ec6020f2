import {
  instantToWallTime,
  isFileDescription,
  wallTimeToInstant,
  type Field,
  type FileDescription,
} from '@specrun/model';

/** A file chosen in a form: its name and content as a data URL, sent as the API takes files. */
export interface ChosenFile {
  name: string;
  data: string;
}

/**
 * A file chosen that cannot be sent (larger than a request may carry): kept in the form with what
 * to do about it, so that the form refuses to save rather than save without it.
 */
export interface RefusedFile {
  name: string;
  refused: string;
}

/** A list of files in a form: the stored ones kept (their descriptions) and those just chosen. */
export type FormFiles = (FileDescription | ChosenFile | RefusedFile)[];

/** Whether a form value is a file chosen that cannot be sent. */
export const isRefusedFile = (value: unknown): value is RefusedFile =>
  typeof value === 'object' && value !== null && 'refused' in value;

/** What keeps a file field's value from being sent (a file too large), or undefined. */
export function refusedFileProblem(value: FormValue | undefined): string | undefined {
  const files: unknown[] = Array.isArray(value) ? value : [value];
  return files.find(isRefusedFile)?.refused;
}

/**
 * A field's value as its input holds it: text for text, numbers (kept as typed, so no digit is
 * lost), dates and wall-clock times; true/false; an id or null for a reference; ids for lists and
 * roles; for a file, the stored one (its description) or one just chosen; for a list of files,
 * both.
 */
export type FormValue =
  string | boolean | string[] | null | FileDescription | ChosenFile | RefusedFile | FormFiles;

/** The empty value of a field's input. */
export function emptyValue(field: Field): FormValue {
  switch (field.type.kind) {
    case 'boolean':
      return false;
    case 'reference':
      return null;
    case 'list':
    case 'roles':
    case 'files':
      return [];
    default:
      return '';
  }
}

/** The ids an input of a list or roles holds (none when it holds anything else). */
export function idsOf(value: FormValue): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The files an input of a list of files holds, stored and chosen. */
export function filesOf(value: FormValue): FormFiles {
  return Array.isArray(value) ? value.filter((v) => typeof v === 'object') : [];
}

/** Whether an input holds no value (an unticked box is a value: false). */
export function isBlank(value: FormValue): boolean {
  return value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** A stored value as its input shows it; instants in the application's time zone. */
export function toFormValue(field: Field, wire: unknown, timeZone: string): FormValue {
  if (wire === null || wire === undefined) return emptyValue(field);
  switch (field.type.kind) {
    case 'boolean':
      return wire === true;
    case 'reference':
      return typeof wire === 'object' && wire !== null && 'id' in wire
        ? String(wire.id)
        : String(wire);
    case 'list':
    case 'roles':
      return Array.isArray(wire)
        ? wire.map((v) =>
            typeof v === 'object' && v !== null && 'id' in v ? String(v.id) : String(v),
          )
        : [];
    case 'datetime':
      return instantToWallTime(String(wire), timeZone);
    case 'file':
      // The stored file stays where it is: an edit form sends a file only when another is chosen.
      return isFileDescription(wire) ? wire : emptyValue(field);
    case 'files':
      // Sent back as they are, the stored files are kept (the server reads their `url`).
      return Array.isArray(wire) ? wire.filter(isFileDescription) : [];
    default:
      return String(wire);
  }
}

/** The value a literal default of section 3 puts in a create form. */
export function defaultFormValue(field: Field, timeZone: string): FormValue {
  const d = field.default;
  if (d?.kind !== 'literal' || d.value === null) return emptyValue(field);
  return toFormValue(field, d.value, timeZone);
}

/**
 * A typed amount as exact decimal text: spaces dropped, "12,50" read as 12.50 when the comma is
 * the only separator, commas as thousands separators otherwise ("1,234.50").
 */
function exactNumberText(typed: string): string {
  const text = typed.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (/^[+-]?\d+,\d+$/.test(text)) return text.replace(',', '.');
  return text.replace(/,/g, '');
}

/**
 * An input's value as the API takes it: integers as JSON numbers, decimals and money as their
 * exact text, wall-clock times as instants, empty inputs as null (an empty list for lists).
 * Text that does not read as its type (letters in a number) goes on as typed: the field's checks,
 * the server's own, refuse it with the server's message.
 */
export function toWireValue(field: Field, value: FormValue, timeZone: string): unknown {
  const many = ['list', 'roles', 'files'].includes(field.type.kind);
  if (isBlank(value)) return many ? [] : null;
  switch (field.type.kind) {
    case 'integer': {
      const text = String(value).trim();
      return /^[+-]?\d+$/.test(text) ? Number(text) : text;
    }
    case 'decimal':
    case 'money':
      return exactNumberText(String(value));
    case 'datetime':
      return wallTimeToInstant(String(value), timeZone) ?? String(value);
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return String(value);
    default:
      return value;
  }
}
