import type { RawBuilder, SqlBool } from 'kysely';
import type { Actor } from '../callers/actor.js';
import type { WhereInput } from '../store/list-records.js';
import type { Answer, ConditionBatch } from '../store/condition-batch.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';

/** Which records of an entity a caller may list: a condition on the rows, all, or none. */
export type ListCondition =
  { kind: 'all' } | { kind: 'where'; where: WhereInput } | { kind: 'deny' };
/** A ListCondition made of section 6's SQL alone, to be joined with a request's conditions. */
export type RowCondition =
  { kind: 'all' } | { kind: 'where'; where: RawBuilder<SqlBool> } | { kind: 'deny' };

/** What is already known about records whose visible fields are asked for. */
export interface VisibleFieldsOptions {
  /** The records are known readable by the caller (a list filtered by its listCondition). */
  readable?: boolean;
}

/**
 * The decisions of section 6 the operations ask for. Record decisions get the connection the
 * operation runs on (its transaction, for writes), so a condition that reads other records sees
 * what the write sees. `record` is in wire form; a null actor is nobody signed in.
 */
export interface Policy {
  /**
   * The fields a caller may ever set on create or update: anything else sent is refused. A field
   * allowed only by a conditional row is settable only on records where that row holds, which
   * canCreate and canUpdate decide.
   */
  writableFields(
    actor: Actor | null,
    entity: string,
    action: 'create' | 'update',
  ): ReadonlySet<string>;
  /**
   * The fields the caller may read on every record they may read: what a list may be filtered
   * and sorted by. `id` is always among them.
   */
  readableFields(actor: Actor | null, entity: string): ReadonlySet<string>;
  /**
   * The fields the caller may read on some record they may read (the union of their read rows,
   * `id` always): what a list may also be filtered by and expand, on the records that show them.
   */
  readableOnSome(actor: Actor | null, entity: string): ReadonlySet<string>;
  /**
   * The records on which each of these fields shows to the caller: every record (`all`) when
   * they are among readableFields, else the rows whose conditions give them, as a WHERE. A list
   * filtered by a field some records hide keeps to this, so that a filter never tests a value
   * the caller cannot see.
   */
  showingFields(actor: Actor | null, entity: string, fields: readonly string[]): RowCondition;
  /**
   * The fields returned for each record, in order: the union of the fields of the rows that
   * allow the caller to read that record, `id` always; only `id` for a record they may not read.
   * The records are as stored: every field, lists attached.
   */
  visibleFields(
    actor: Actor | null,
    entity: string,
    records: readonly WireRecord[],
    db: Db,
    options?: VisibleFieldsOptions,
  ): Promise<ReadonlySet<string>[]>;
  /**
   * The rows a list may show the caller: a stored record meets the condition exactly when
   * canReadRecord allows it (getRecord asks it together with the row).
   */
  listCondition(actor: Actor | null, entity: string): ListCondition;
  /** Whether the caller may read this stored record (else it is NOT_FOUND to them). */
  canReadRecord(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
  /**
   * Whether the caller may create the record as it would be saved, defaults applied. Given the
   * fields the caller sent, each must also belong to a row that allows this very record.
   */
  canCreate(
    actor: Actor | null,
    entity: string,
    record: WireRecord,
    db: Db,
    sent?: readonly string[],
  ): Promise<boolean>;
  /**
   * Whether the caller may bring the stored record to `record` (the stored record itself: whether
   * they may change it at all). A row allows it when it holds on both, and every field that
   * changes must belong to a row that allows it.
   */
  canUpdate(
    actor: Actor | null,
    entity: string,
    stored: WireRecord,
    record: WireRecord,
    db: Db,
  ): Promise<boolean>;
  /** Whether the caller may delete the stored record. */
  canDelete(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
  /**
   * The read decisions of `entity` for this caller as a LocalReading, when all of them are local
   * (including those on every lifecycle action); undefined otherwise. Optional: a policy without
   * it is asked through the methods above. It must answer exactly as they do.
   */
  localReading?(actor: Actor | null, entity: string): LocalReading | undefined;
  /**
   * Section 6's leave to read (`read`), update, delete or take a lifecycle action on a stored
   * record, for decisions made together: answered at once when it can be, else asked in `batch`,
   * whose run() answers every decision of a page in one statement. Optional, like localReading: a
   * policy without it is asked through canReadRecord, canUpdate (on the stored record unchanged,
   * with a field to change: writableFields), canDelete and canTakeAction, and must answer as they
   * do.
   */
  askLeave?(
    actor: Actor | null,
    entity: string,
    action: string,
    record: WireRecord,
    batch: ConditionBatch,
  ): Answer;
  /**
   * Section 6's leave to create a record of `entity` of which only the `known` fields have their
   * values yet (`record`, with a reference a record's page would fill in: see create offers in
   * lifecycle/): some create row giving every field of `sent` whose condition holds, judged only
   * on its parts that read known fields (see knownPart); its other parts wait for the caller's
   * form. Answered at once when it can be, else asked in `batch`. Optional, like askLeave: a
   * policy without it offers such creates on writableFields alone, and the create decides.
   */
  askCreate?(
    actor: Actor | null,
    entity: string,
    record: WireRecord,
    known: ReadonlySet<string>,
    sent: readonly string[],
    batch: ConditionBatch,
  ): Answer;
  /** Whether the caller may take a lifecycle action on the stored record, before the transition. */
  canTakeAction(
    actor: Actor | null,
    entity: string,
    action: string,
    record: WireRecord,
    db: Db,
  ): Promise<boolean>;
}

/**
 * Section 6's read decisions for one caller on one entity when every one of them needs only the
 * stored record, the user and the clock: decided in place, with no query and no waiting.
 */
export interface LocalReading {
  /** Whether the caller may read the stored record (canReadRecord's answer). */
  canRead(record: WireRecord, user: WireRecord | null, now: Date): boolean;
  /** The fields shown of every record the caller may read: the same for all of them. */
  fields: ReadonlySet<string>;
  /**
   * Whether a row lets the caller take a lifecycle action on the record (canTakeAction's answer),
   * or update or delete it as stored (canUpdate's answer on the record unchanged, with a field
   * to change; canDelete's).
   */
  canTakeAction(action: string, record: WireRecord, user: WireRecord | null, now: Date): boolean;
}
