import type { Expression } from './expression.js';

/** A field's type, one variant per type name of section 3. */
export type FieldType =
  | { kind: 'text' }
  | { kind: 'longText' }
  | { kind: 'integer' }
  | { kind: 'decimal' }
  | { kind: 'money'; currency?: string }
  | { kind: 'boolean' }
  | { kind: 'date' }
  | { kind: 'datetime' }
  | { kind: 'email' }
  | { kind: 'url' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'reference'; entity: string }
  | { kind: 'list'; entity: string }
  | { kind: 'file' }
  /** `list of files`: several files, each kept as a `file` is (see docs/decisions.md). */
  | { kind: 'files' }
  | { kind: 'state' }
  | { kind: 'id' }
  | { kind: 'roles' };

/** One rule of a field's Rules cell. Bounds are inclusive. */
export type FieldRule =
  /**
   * No two records have the same value; with `with`, the same combination of this field and
   * those fields (`unique per building`, `unique with course, student`). Empty values never clash.
   */
  | { kind: 'unique'; with?: string[] }
  /**
   * Given by the engine at create, one more than the last in its series: per value of `per` (the
   * parent) and per the format's date parts. `format` has `{n}` where the number goes.
   */
  | { kind: 'numbered'; format: string; per?: string }
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'items'; min?: number; max?: number }
  | { kind: 'min'; value: number }
  | { kind: 'max'; value: number }
  | { kind: 'pattern'; regex: string }
  | { kind: 'readOnly' }
  /**
   * `slug from title`: set by the engine at create from the text field `from` (kebab-case ASCII,
   * `-2`, `-3`... on a clash), never by a caller; with `follows`, recomputed when `from` changes.
   */
  | { kind: 'slugFrom'; from: string; follows?: boolean }
  | { kind: 'afterToday' }
  /**
   * A file's kinds (`accepts image or pdf or .docx`): `image` (a raster image), `pdf`, or an
   * extension its name ends with, `.docx`. See files/file-rules.ts. On `list of files`, each file's.
   */
  | { kind: 'fileKinds'; kinds: string[] }
  /** A file's largest size in bytes (`at most 5 MB`); on `list of files`, each file's. */
  | { kind: 'maxBytes'; value: number }
  | { kind: 'computed'; expression: Expression };

/** A field's default: a literal written in the cell, or a CEL expression in backticks. */
export type FieldDefault =
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'expression'; expression: Expression };

/** A field of an entity, declared in section 3 or built in. */
export interface Field {
  name: string;
  type: FieldType;
  required: boolean;
  default?: FieldDefault;
  rules: FieldRule[];
  /** Built-in fields (id, createdAt, ...) are set by the engine, never by a caller. */
  builtin: boolean;
  description?: string;
  line?: number;
}

/** An entity of section 3 (or the built-in User), with its built-in fields included. */
export interface Entity {
  name: string;
  /** Plural in kebab case, used in routes and API paths: Category → categories. */
  plural: string;
  description: string;
  fields: Field[];
  /** True for User, whose core fields the engine provides. */
  builtin: boolean;
  line?: number;
}
