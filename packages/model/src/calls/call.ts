import type { Expression } from '../expression.js';
import type { CallParameter } from './call-parameters.js';
import type { SuccessStatus } from './success-status.js';

/** What a declared call does. */
export type Operation =
  | { kind: 'list' | 'get' | 'create' | 'update' | 'delete'; entity: string }
  | { kind: 'transition'; entity: string; action: string }
  /** `add me to Article.favoritedBy`: the caller joins (or leaves) a `list of User` field. */
  | { kind: 'add-me' | 'remove-me'; entity: string; field: string }
  /** `add me as Follow.follower`: a link record made (or deleted): see LinkOperation. */
  | LinkOperation
  | { kind: 'sign-up' | 'sign-in' | 'sign-out' | 'me' | 'update-me' };

/**
 * `add me as Follow.follower`: a `link` record (a Follow) between the caller, in its `field`, and
 * the record the path names, in its `via` reference. `entity` is the path's record's entity.
 */
export interface LinkOperation {
  kind: 'add-link' | 'remove-link';
  entity: string;
  link: string;
  field: string;
  via: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A wire shape: `Ticket`, `Ticket[]`, `{ ticket: { title, body, priority? } }`, a projection
 * `User { username, bio }`. Kept as written and parsed into a tree for the server to wrap and
 * unwrap envelopes; named shapes (section 7's `Shape | Definition` table) are written in place.
 */
export type Shape =
  EntityShape | { kind: 'object'; properties: ShapeProperty[] } | FieldShape | { kind: 'count' };

/**
 * Records of an entity: `Ticket`, `Ticket[]`, or a projection `User { username, bio }` (only
 * those properties, in that order). `named` is the section 7 shape it was written as
 * (`Profile`); `value` answers each record as one of its fields (`Tag.name[]`). Inside a
 * projection, `field` is the reference a renamed property renders
 * (`hiring_manager: hiringManager UserSummary`); absent, it is the property's own name.
 */
export interface EntityShape {
  kind: 'entity';
  entity: string;
  list: boolean;
  fields?: ShapeProperty[];
  named?: string;
  value?: string;
  field?: string;
}

/**
 * One field, under the property's name: the field of that name, or `field` when renamed
 * (`id: number`). With `pick`, a reference or list of references travels as that field of the
 * records it refers to (`tagList: tags.name`).
 */
export interface FieldShape {
  kind: 'field';
  field?: string;
  pick?: string;
}

export interface ShapeProperty {
  name: string;
  optional: boolean;
  shape: Shape;
}

/** A row of section 7. */
export interface Call {
  method: HttpMethod;
  path: string;
  operation: Operation;
  payload?: Shape;
  payloadSource?: string;
  response?: Shape;
  responseSource?: string;
  /** A list's fixed condition: `list Article where \`cel\``. */
  where?: Expression;
  /** A list's declared query parameters (section 7 "Declared list parameters"). */
  parameters?: CallParameter[];
  /** The declared success status (the `Status` column); absent: the engine's (successStatus). */
  status?: SuccessStatus;
  line: number;
}
