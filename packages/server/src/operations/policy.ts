import type { WhereInput } from '../store/list-records.js';
import type { Db } from '../store/db-type.js';
import type { WireRecord } from '../store/record-codec.js';

/** The signed-in user an operation runs for: what `user` is in expressions. */
export interface Actor {
  id: string;
  email: string;
  name: string;
  roles: string[];
  /** The user's own fields declared in section 3 (`user.manager`, `user.iban`...). */
  fields: Record<string, unknown>;
}

/** Which records of an entity a caller may list: a condition on the rows, all, or none. */
export type ListCondition =
  { kind: 'all' } | { kind: 'where'; where: WhereInput } | { kind: 'deny' };

/**
 * The decisions of section 6 the operations ask for. Record decisions get the connection the
 * operation runs on (its transaction, for writes), so a condition that reads other records sees
 * what the write sees. `record` is in wire form; a null actor is nobody signed in.
 */
export interface Policy {
  /** The fields a caller may set on create or update; anything else sent is refused. */
  writableFields(
    actor: Actor | null,
    entity: string,
    action: 'create' | 'update',
  ): ReadonlySet<string>;
  /** The fields returned to the caller; `id` is returned whatever this says. */
  readableFields(actor: Actor | null, entity: string): ReadonlySet<string>;
  /** The rows a list may show the caller. */
  listCondition(actor: Actor | null, entity: string): ListCondition;
  /** Whether the caller may read this stored record (else it is NOT_FOUND to them). */
  canReadRecord(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
  /** Whether the caller may create the record as it would be saved, defaults applied. */
  canCreate(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
  /** Asked twice per update, with the stored record and with the record as it would be saved. */
  canUpdate(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
  /** Whether the caller may delete the stored record. */
  canDelete(actor: Actor | null, entity: string, record: WireRecord, db: Db): Promise<boolean>;
}

/** What every operation is given: who asks, the request's one instant, and the policy. */
export interface OperationContext {
  actor: Actor | null;
  now: Date;
  policy: Policy;
}
