import type { RawBuilder } from 'kysely';
import type { Decimal } from '../decimal.js';
import type { BindContext } from './params.js';
import type { SqlListTable } from './mapping.js';

/** A piece of SQL, built when parameters are bound. */
export type Frag = (ctx: BindContext) => RawBuilder<unknown>;

/**
 * How a value is represented in SQL: ints and money minor units as integers, doubles as floats,
 * timestamps and durations as integer milliseconds, dates as the dialect's date, references as
 * the referenced id, bools as the dialect's booleans. `input` is the transition's payload or one
 * of its values, whose type is known only once bound: it may only be compared with == or !=.
 */
export type SqlKind =
  | 'int'
  | 'double'
  | 'string'
  | 'bool'
  | 'timestamp'
  | 'duration'
  | 'date'
  | 'money'
  | 'ref'
  | 'null'
  | 'list'
  | 'input';

/** Where the fields of a record value come from. */
export type RecordSource =
  | { kind: 'row'; alias: string }
  | { kind: 'id' }
  | { kind: 'params'; name: ParamRecord; mayBeAbsent: boolean };

/** The records that may be bound as parameters. */
export type ParamRecord = 'user' | 'record' | 'old';

/** Where the items of a list value come from. */
export type ListSource =
  | { kind: 'literal'; items: SqlValue[] }
  | { kind: 'param'; read: (ctx: BindContext) => unknown[] | undefined }
  | { kind: 'table'; table: SqlListTable; owner: SqlValue };

/** One compiled node: its SQL and what the compiler knows about it. */
export interface SqlValue {
  kind: SqlKind;
  sql: Frag;
  /** False only when SQL NULL is impossible. */
  nullable: boolean;
  /** Conditions under which the value is a CEL error (a field of a null reference...). */
  errors: Frag[];
  /** For bools and counts: SQL NULL stands for a CEL error, not for a null value. */
  nullIsError?: boolean;
  /** Money: digits after the point of the minor units. */
  scale?: number;
  /**
   * Decimal fields, which `sql` reads as a double: the exact stored value (canonical text on
   * SQLite, numeric on PostgreSQL), so that money can be multiplied and divided by it exactly.
   */
  exactDecimal?: Frag;
  /** Literal numbers: the exact value, so money can be compared with them. */
  decimal?: Decimal;
  /** References: the entity, and where its fields come from. */
  entity?: string;
  source?: RecordSource;
  list?: ListSource;
  /** Literal values known when compiling (for `/` and `%` by a constant). */
  literal?: unknown;
  /** For `input.name`: the name of the payload's value it reads. */
  inputName?: string;
}
